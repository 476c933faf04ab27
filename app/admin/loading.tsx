import { PanelSkeleton } from "@/components/ui/panel-skeleton";

/** Shown in the side-menu layout while an admin page renders (moving between them, mostly). */
export default function AdminLoading() {
  return <PanelSkeleton rows={8} />;
}
