/**
 * Inline SVG icons (the CSP allows no remote content, and an icon font would be one more
 * asset). Each icon is decorative unless given a `title`; buttons carry their own aria-label.
 */
const PATHS = {
  editor: 'M4 2.5h5.5L12 5v8.5H4zM9.5 2.5V5H12M6 8h4M6 10.5h4',
  devices: 'M3 3.5h10v7H3zM6 13.5h4M8 10.5v3',
  jobs: 'M3 4h10M3 8h10M3 12h6M12 11l1.5 1.5L16 10',
  batches: 'M5.5 2.5h8v8h-8zM3.5 5v8.5H12',
  sweep: 'M1.5 8c1.6-5.3 3.2-5.3 4.8 0s3.2 5.3 4.8 0M11.1 8c.8-2.7 1.7-3.4 3.4-3.4',
  plus: 'M8 3v10M3 8h10',
  code: 'M5.5 4.5L2 8l3.5 3.5M10.5 4.5L14 8l-3.5 3.5',
  close: 'M4 4l8 8M12 4l-8 8',
  chevronDown: 'M4 6l4 4 4-4',
  chevronRight: 'M6 4l4 4-4 4',
  refresh: 'M13 8a5 5 0 1 1-1.5-3.5M13 2.5v3h-3',
  search: 'M7 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10zM10.5 10.5L14 14',
  open: 'M2.5 4.5h4l1.5 1.5h5.5v7h-11z',
  save: 'M3 3h8l2 2v8H3zM5 3v3h5V3M5 13V9h6v4',
  template: 'M3 3h4v4H3zM9 3h4v4H9zM3 9h4v4H3zM9 11h4',
  play: 'M5 3l8 5-8 5z',
  warning: 'M8 2l6.5 11.5h-13zM8 6.5v3.5M8 11.6v.4',
  error: 'M8 1.8a6.2 6.2 0 1 0 0 12.4A6.2 6.2 0 0 0 8 1.8zM5.8 5.8l4.4 4.4M10.2 5.8l-4.4 4.4',
  info: 'M8 1.8a6.2 6.2 0 1 0 0 12.4A6.2 6.2 0 0 0 8 1.8zM8 7v4.5M8 4.6V5',
  check: 'M3 8.5l3 3 7-7',
  user: 'M8 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM2.5 14c.5-3 2.8-4.5 5.5-4.5s5 1.5 5.5 4.5',
  logout: 'M6 3H3v10h3M10 5l3 3-3 3M13 8H6',
  lock: 'M4 7h8v6.5H4zM5.5 7V5a2.5 2.5 0 0 1 5 0v2',
  bell: 'M4 11.5V7a4 4 0 0 1 8 0v4.5l1 1H3zM6.5 14a1.5 1.5 0 0 0 3 0',
  sun: 'M8 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM8 1v1.5M8 13.5V15M1 8h1.5M13.5 8H15M3 3l1 1M12 12l1 1M3 13l1-1M12 4l1-1',
  moon: 'M13 9.5A5.5 5.5 0 1 1 6.5 3a4.5 4.5 0 0 0 6.5 6.5z',
  gear: 'M8 10a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM8 1.5v2M8 12.5v2M1.5 8h2M12.5 8h2M3.4 3.4l1.4 1.4M11.2 11.2l1.4 1.4M3.4 12.6l1.4-1.4M11.2 4.8l1.4-1.4',
  plug: 'M6 2v3M10 2v3M4.5 5h7v3a3.5 3.5 0 0 1-7 0zM8 11.5V14',
  link: 'M7 9l2-2M6 11.5l-1 1a2.1 2.1 0 0 1-3-3l2.5-2.5a2.1 2.1 0 0 1 3 0M10 4.5l1-1a2.1 2.1 0 0 1 3 3l-2.5 2.5a2.1 2.1 0 0 1-3 0',
  pencil: 'M3 13l.7-2.8L11 3l2 2-7.3 7.3zM9.5 4.5l2 2',
  trash: 'M3 4.5h10M6 4.5V3h4v1.5M4.5 4.5l.7 9h5.6l.7-9',
  // Device status shapes: the shape differs as well as the colour (not colour alone).
  statusOnline: 'M8 2.5a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11zM5.5 8.2l1.8 1.8 3.3-3.6',
  statusMaintenance: 'M8 1.8l6.2 11.2H1.8zM8 6.3v3.4M8 11.3v.3',
  statusOffline: 'M3 3h10v10H3zM5.6 5.6l4.8 4.8M10.4 5.6l-4.8 4.8',
  qubit: 'M8 14A6 6 0 1 0 8 2a6 6 0 0 0 0 12zM2 8h12M8 2c-2 2.5-2 9.5 0 12',
  help: 'M8 14.2A6.2 6.2 0 1 0 8 1.8a6.2 6.2 0 0 0 0 12.4zM6.2 6.3a1.9 1.9 0 1 1 2.6 1.8c-.5.2-.8.6-.8 1.1v.6M8 11.3v.4',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({
  name,
  size = 16,
  title,
  className,
}: {
  name: IconName;
  size?: number;
  title?: string;
  className?: string;
}) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.5}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden={title ? undefined : true}
      role={title ? 'img' : undefined}
      focusable="false"
    >
      {title ? <title>{title}</title> : null}
      <path d={PATHS[name]} />
    </svg>
  );
}
