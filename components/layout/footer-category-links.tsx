"use client";

import { IntentLink } from "@/components/ui/intent-link";
import { useCategories } from "@/lib/client/hooks";

const TOP_CATEGORIES = 4;

/** The footer's first four categories, from GET /api/category (cached on the server). */
export function FooterCategoryLinks({ linkClassName }: { linkClassName: string }) {
  const { data: categories = [] } = useCategories();
  return categories.slice(0, TOP_CATEGORIES).map((category) => (
    <li key={category._id}>
      <IntentLink href={`/movies?category=${category._id}`} className={linkClassName}>
        {category.name}
      </IntentLink>
    </li>
  ));
}
