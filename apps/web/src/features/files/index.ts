export { DOWNLOAD_FORMATS, downloadDocument, filenameFromDisposition, filePathUrl, setInRepository, type DownloadFormat } from './transfer';
export { useFileTransfers, type TransferTarget } from './useFileTransfers';
