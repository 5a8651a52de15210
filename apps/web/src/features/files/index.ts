export {
  DOWNLOAD_FORMATS,
  downloadDocument,
  downloadUrl,
  filenameFromDisposition,
  filePathUrl,
  saveBlob,
  setInRepository,
  type DownloadFormat,
} from './transfer';
export { useFileTransfers, type TransferTarget } from './useFileTransfers';
export { DownloadOptions, NO_EXTRAS, type DownloadExtras } from './DownloadOptions';
