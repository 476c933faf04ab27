"use client";
// Who is looking, for client components (like buttons, the review form). The root layout resolves the
// session on the server and passes it down, so nothing flashes the signed-out state on load.
import { createContext, useContext } from "react";

export type Viewer = { fullName: string; image: string; isAdmin: boolean };

const ViewerContext = createContext<Viewer | null>(null);

export function ViewerProvider({ viewer, children }: { viewer: Viewer | null; children: React.ReactNode }) {
  return <ViewerContext value={viewer}>{children}</ViewerContext>;
}

/** The signed-in user, or null for a visitor. */
export const useViewer = () => useContext(ViewerContext);
