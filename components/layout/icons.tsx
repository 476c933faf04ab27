// Small inline icons for the site chrome (no icon font to download).
type IconProps = { className?: string };
const svg = (className = "size-5") => ({
  "aria-hidden": true,
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round" as const,
  strokeLinejoin: "round" as const,
  className,
});

export const HeartIcon = ({ className }: IconProps) => (
  <svg {...svg(className)}>
    <path d="M12 21s-7.5-4.6-9.6-9.2C.9 8.5 3 4.5 6.8 4.5c2.1 0 3.7 1.2 5.2 3 1.5-1.8 3.1-3 5.2-3 3.8 0 5.9 4 4.4 7.3C19.5 16.4 12 21 12 21z" />
  </svg>
);
export const DownloadIcon = ({ className }: IconProps) => (
  <svg {...svg(className)}>
    <path d="M12 3v12m0 0l-5-5m5 5l5-5M4 19h16" />
  </svg>
);
/** My List: a bookmark with a plus. */
export const MyListIcon = ({ className }: IconProps) => (
  <svg {...svg(className)}>
    <path d="M6 3.5h12a1 1 0 0 1 1 1V21l-7-4.5L5 21V4.5a1 1 0 0 1 1-1z" />
    <path d="M12 7.5v6M9 10.5h6" />
  </svg>
);
export const UserIcon = ({ className }: IconProps) => (
  <svg {...svg(className)}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c0-4 3.6-6 8-6s8 2 8 6" />
  </svg>
);
export const HomeIcon = ({ className }: IconProps) => (
  <svg {...svg(className)}>
    <path d="M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z" />
  </svg>
);
export const MenuIcon = ({ className }: IconProps) => (
  <svg {...svg(className)}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </svg>
);
export const CloseIcon = ({ className }: IconProps) => (
  <svg {...svg(className)}>
    <path d="M6 6l12 12M18 6L6 18" />
  </svg>
);
export const SearchIcon = ({ className }: IconProps) => (
  <svg {...svg(className)}>
    <circle cx="11" cy="11" r="7" />
    <path d="M20 20l-3.5-3.5" />
  </svg>
);
