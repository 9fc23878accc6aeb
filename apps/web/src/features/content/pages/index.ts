import '../../../i18n/content/index.ts';

export { ImageCropPage, ImageUploadPage } from './image-pages.tsx';
export { BlogUploadPage } from './blog-page.tsx';
