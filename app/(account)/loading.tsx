import { PanelSkeleton } from "@/components/ui/panel-skeleton";

/** Shown in the side-menu layout while an account page renders (moving between them, mostly). */
export default function AccountLoading() {
  return <PanelSkeleton rows={4} />;
}
