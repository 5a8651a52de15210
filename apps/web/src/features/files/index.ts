export { DOWNLOAD_FORMATS, downloadDocument, filenameFromDisposition, filePathUrl, saveBlob, setInRepository, type DownloadFormat } from './transfer';
export { useFileTransfers, type TransferTarget } from './useFileTransfers';
