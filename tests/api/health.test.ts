import { expect, test } from "vitest";
import { api } from "../support/http";

test("GET /api/health reports that the database answers", async () => {
  const response = await api("GET", "/api/health");
  expect(response.status).toBe(200);
  expect(response.body).toMatchObject({ status: "ok", database: { ok: true } });
  expect(typeof response.body.database.latencyMs).toBe("number");
});
