import {
  BookOpenText,
  ChartLine,
  Cpu,
  FileCode,
  FolderGit2,
  FolderOutput,
  KeyRound,
  Layers,
  LayoutDashboard,
  Palette,
  User,
  type LucideIcon,
} from 'lucide-react';
import { paths } from '@/config/paths';
import { SCREENS } from '@/config/screens';

/** One link of the app navigation. */
export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** `data-testid` of the link: `nav-<route-name>`. */
  testId: string;
}

/** The working areas under /app, in sidebar order. */
export const workspaceNavItems: readonly NavItem[] = [
  {
    to: paths.app.dashboard,
    label: SCREENS.dashboard.title,
    icon: LayoutDashboard,
    testId: 'nav-dashboard',
  },
  {
    to: paths.app.repository,
    label: SCREENS.repository.title,
    icon: FolderGit2,
    testId: 'nav-repository',
  },
  { to: paths.app.files, label: SCREENS.files.title, icon: FileCode, testId: 'nav-files' },
  {
    to: paths.app.livedocs,
    label: SCREENS.livedocs.title,
    icon: BookOpenText,
    testId: 'nav-livedocs',
  },
  { to: paths.app.pockets, label: SCREENS.pockets.title, icon: Layers, testId: 'nav-pockets' },
  {
    to: paths.app.activityMetrix,
    label: SCREENS.activityMetrix.title,
    icon: ChartLine,
    testId: 'nav-activity-metrix',
  },
  { to: paths.app.export, label: SCREENS.export.title, icon: FolderOutput, testId: 'nav-export' },
];

/** The settings pages under /app/settings, in sidebar order. */
export const settingsNavItems: readonly NavItem[] = [
  {
    to: paths.app.settings.profile,
    label: SCREENS.settingsProfile.title,
    icon: User,
    testId: 'nav-settings-profile',
  },
  {
    to: paths.app.settings.parser,
    label: SCREENS.settingsParser.title,
    icon: Cpu,
    testId: 'nav-settings-parser',
  },
  {
    to: paths.app.settings.authentication,
    label: SCREENS.settingsAuthentication.title,
    icon: KeyRound,
    testId: 'nav-settings-authentication',
  },
  {
    to: paths.app.settings.appearance,
    label: SCREENS.settingsAppearance.title,
    icon: Palette,
    testId: 'nav-settings-appearance',
  },
];
