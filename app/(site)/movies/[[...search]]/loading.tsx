import { ListingSkeleton } from "@/components/movie/listing-skeleton";

export default function Loading() {
  return <ListingSkeleton />;
}
