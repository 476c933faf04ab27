// Per request and blocking: a signed-in user is redirected before anything renders.
export const instant = false;

/** Login and register: one centred card on the page. */
export default function AuthLayout({ children }: { children: React.ReactNode }) {
  return <main className="flex min-h-[70vh] items-center px-4 py-12 sm:py-20">{children}</main>;
}
