"use client";

import { IntentLink } from "@/components/ui/intent-link";
import { useEffect, useRef, useState } from "react";
import { AccountLink } from "./account-link";
import { AccountRouteLink } from "./account-route-link";
import { CloseIcon, HeartIcon, HomeIcon, MenuIcon } from "./icons";
import { Logo } from "./logo";

const DRAWER_LINKS = [
  { href: "/movies", label: "Movie" },
  { href: "/contact", label: "Contact" },
  { href: "/about-us", label: "About" },
  { href: "/my-list", label: "My List" },
];

const barItem =
  "flex size-12 items-center justify-center rounded-md text-white transition hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-subMain";

/** Below the lg breakpoint: home, favourites, account and a menu opening a full-width drawer. */
export function MobileBar() {
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);

  // A native modal dialog traps focus, closes on Escape and returns focus to the menu button.
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <>
      <nav
        aria-label="Mobile"
        className="fixed inset-x-0 bottom-0 z-30 border-t border-border/40 bg-dry/95 backdrop-blur lg:hidden"
      >
        <div className="mx-auto flex max-w-md items-center justify-around px-4 py-1.5">
          <IntentLink href="/" aria-label="Home" className={barItem}>
            <HomeIcon className="size-6" />
          </IntentLink>
          <AccountRouteLink href="/favorite" aria-label="Favorites" className={barItem}>
            <HeartIcon className="size-6" />
          </AccountRouteLink>
          <AccountLink className={barItem} avatarClassName="size-8" />
          <button
            ref={menuButton}
            type="button"
            aria-label="Menu"
            aria-haspopup="dialog"
            aria-expanded={open}
            onClick={() => setOpen(true)}
            className={barItem}
          >
            <MenuIcon className="size-6" />
          </button>
        </div>
      </nav>
      <dialog
        ref={dialog}
        aria-label="Menu"
        onClose={() => setOpen(false)}
        className="m-0 h-dvh max-h-none w-full max-w-none bg-dry p-0 text-white backdrop:bg-black/60 lg:hidden"
      >
        <div className="flex items-center justify-between border-b border-border/40 px-5 py-4">
          <Logo onClick={() => setOpen(false)} />
          <button
            type="button"
            aria-label="Close menu"
            onClick={() => setOpen(false)}
            className="flex size-10 items-center justify-center rounded-md bg-subMain text-white focus-visible:outline-2 focus-visible:outline-white"
          >
            <CloseIcon />
          </button>
        </div>
        <ul className="flex flex-col px-5 py-4">
          {DRAWER_LINKS.map(({ href, label }) => (
            <li key={href}>
              <IntentLink
                href={href}
                onClick={() => setOpen(false)}
                className="block border-b border-border/30 py-4 text-lg font-semibold transition hover:text-accent focus-visible:outline-2 focus-visible:outline-subMain"
              >
                {label}
              </IntentLink>
            </li>
          ))}
        </ul>
      </dialog>
    </>
  );
}
