"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { searchHref } from "@/lib/client/search";
import { SearchIcon } from "./icons";

export function SearchForm({ className = "" }: { className?: string }) {
  const router = useRouter();
  const [term, setTerm] = useState("");
  return (
    <form
      role="search"
      className={`flex h-11 items-center overflow-hidden rounded-md bg-dryGray text-main focus-within:ring-2 focus-within:ring-accent focus-within:ring-offset-2 focus-within:ring-offset-main ${className}`}
      onSubmit={(event) => {
        event.preventDefault();
        router.push(searchHref(term));
      }}
    >
      <input
        type="search"
        value={term}
        onChange={(event) => setTerm(event.target.value)}
        placeholder="Search here"
        aria-label="Search movies"
        className="h-full w-full bg-transparent px-3 text-sm font-medium placeholder:text-border focus:outline-none"
      />
      <button type="submit" aria-label="Search" className="flex h-full w-11 shrink-0 items-center justify-center bg-subMain text-white focus-visible:outline-2 focus-visible:-outline-offset-4 focus-visible:outline-white">
        <SearchIcon />
      </button>
    </form>
  );
}
