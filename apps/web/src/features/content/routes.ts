import type { RouteObject } from 'react-router';
import { lazyScreens } from '../../lib/lazy-screen.ts';

const screen = lazyScreens(() => import('./pages/index.ts'));

/** The content screens (issue 18): the media library, crop upload and posts; the router adds them under /backend. */
export const contentRoutes: RouteObject[] = [
  screen('other-image-upload', 'content.manage', 'ImageUploadPage'),
  screen('other-image-crop', 'content.manage', 'ImageCropPage'),
  screen('other-blog-upload', 'content.manage', 'BlogUploadPage'),
];
