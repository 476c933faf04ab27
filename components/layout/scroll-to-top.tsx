"use client";

import { usePathname } from "next/navigation";
import { useEffect } from "react";

/** docs/product.md "Every page": every route change starts at the top of the page. */
export function ScrollToTop() {
  const pathname = usePathname();
  useEffect(() => {
    // Braces matter: newer Chromium returns a promise from scrollTo, and an effect may return only a cleanup function.
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
