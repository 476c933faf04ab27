import type { Metadata } from "next";
import { ImportPanel } from "@/components/admin/import-panel";
import { requirePageAdmin } from "@/lib/auth/page-user";
import { listImports } from "@/lib/data/imports";
import { env } from "@/lib/env";

export const metadata: Metadata = { title: "Import" };

export default async function ImportPage() {
  await requirePageAdmin();
  // The imports as they stand are in the first HTML: a reload shows the same progress.
  const imports = await listImports();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-xl font-bold">Import and Export</h1>
      <ImportPanel initial={imports} importDir={env.IMPORT_DIR ?? null} />
    </div>
  );
}
