// Operations (docs/api.md "Operations"): health for load balancers, Prometheus metrics, and this document.
import { ref, str, tagged, type ApiResource } from "./operation";

const { anyone } = tagged("operations");

export const operationsApi: ApiResource = {
  paths: {
    "/api/health": {
      get: anyone(
        "Whether this instance can serve: the database and storage answer (for load balancers and container healthchecks); never cached",
        {
          responses: {
            200: ["Healthy", ref("Health")],
            503: ["The database or storage does not answer", ref("Health")],
          },
        },
      ),
    },
    "/api/metrics": {
      get: anyone(
        "Prometheus metrics of this instance: requests by route pattern and status with latency histograms, page cache results, database pools in use, job queue depth, transcode times, upload bytes. Off (404) unless METRICS_TOKEN is set",
        {
          security: [{ metricsToken: [] }],
          responses: {
            200: {
              description: "Prometheus's text exposition format",
              content: { "text/plain; version=0.0.4; charset=utf-8": { schema: str } },
            },
            401: "No metrics token, or not the right one",
            404: "Metrics are off: METRICS_TOKEN is not set",
          },
        },
      ),
    },
    "/api/openapi.json": {
      get: anyone("This document", {
        responses: { 200: ["OpenAPI 3.1", { type: "object" }] },
      }),
    },
  },
};
