import { Spinner } from "@/components/ui/spinner";

export default function Loading() {
  return (
    <div role="status" aria-label="Loading" className="flex justify-center py-32">
      <Spinner className="size-12" />
    </div>
  );
}
