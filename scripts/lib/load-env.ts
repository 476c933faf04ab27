// Scripts see the same .env files as the app: Next's own loader, imported before lib/env.
// @next/env is CommonJS without named-export hints, hence the default import.
import "../../lib/require-node";
import nextEnv from "@next/env";

nextEnv.loadEnvConfig(process.cwd(), process.argv[2] === "dev");
