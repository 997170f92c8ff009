import { ProfileSwitcher } from '../features/connection/ProfileSwitcher';
import { SessionIndicator } from '../features/connection/SessionIndicator';
import { HelpMenu } from './HelpMenu';
import { ThemeMenu } from './ThemeMenu';

export function TopBar() {
  return (
    <header className="topbar">
      <div className="topbar-brand" aria-hidden="true">
        <svg
          width="20"
          height="20"
          viewBox="0 0 16 16"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.4"
        >
          <circle cx="8" cy="8" r="2" />
          <ellipse cx="8" cy="8" rx="6.5" ry="2.6" />
          <ellipse cx="8" cy="8" rx="6.5" ry="2.6" transform="rotate(60 8 8)" />
          <ellipse cx="8" cy="8" rx="6.5" ry="2.6" transform="rotate(120 8 8)" />
        </svg>
        <span className="topbar-title">Quantum Job Studio</span>
      </div>
      <ProfileSwitcher />
      <div className="topbar-spacer" />
      <SessionIndicator />
      <ThemeMenu />
      <HelpMenu />
    </header>
  );
}
