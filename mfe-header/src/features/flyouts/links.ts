export { withBasePath } from '@shop/ui';
export { assignLocation } from '../../shared/page';
