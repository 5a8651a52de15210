export { InstallAppButton } from './InstallAppButton';
export { installOffer } from './installOffer';
