// `npm run worker`: Marquee's background jobs (lib/worker) without the web app, for deployments that
// run them apart (set JOBS_IN_APP=false for the app then). Needs DATABASE_URL. Ctrl-C or SIGTERM
// lets the running job finish, then exits.
import "./lib/load-env";
import { dropLogsWhenOutputCloses } from "@/lib/process-lifetime";
import { startJobs } from "@/lib/worker";

async function main() {
  dropLogsWhenOutputCloses();
  const runner = await startJobs();
  const stop = async () => {
    await runner.stop();
    process.exit(0);
  };
  process.once("SIGINT", () => void stop());
  process.once("SIGTERM", () => void stop());
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
