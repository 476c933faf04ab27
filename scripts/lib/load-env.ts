// Scripts see the same .env files as the app: Next's own loader, imported before lib/env.
import { loadEnvConfig } from "@next/env";

loadEnvConfig(process.cwd(), process.argv[2] === "dev");
