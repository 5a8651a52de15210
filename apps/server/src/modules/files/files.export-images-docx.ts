import type { DocJSON } from '@bree/editor';
import { ImageRun, Paragraph, TextRun } from 'docx';
import { imageSize, imageText } from './files.export-images';

/** The widest an image is drawn in Word, in pixels at 96 dpi: the text column of an A4 or Letter page. */
const DOCX_MAX_WIDTH = { small: 200, medium: 400, full: 600 } as const;

/**
 * An image in Word: the picture embedded with its alt text (Word's "Alt Text", read by screen
 * readers), sized by its width preset, and its caption below in Word's 'Caption' style. An image
 * whose bytes are not in the document (a data: URI) is its text.
 */
export function docxImageParagraphs(node: DocJSON): Paragraph[] {
  const match = /^data:image\/(png|jpeg);base64,(.+)$/.exec(String(node.attrs?.src ?? ''));
  const data = match ? Buffer.from(match[2]!, 'base64') : null;
  const size = data ? imageSize(data) : null;
  if (!match || !data || !size) return [new Paragraph({ children: [new TextRun({ text: imageText(node) })] })];
  const preset = node.attrs?.size === 'small' || node.attrs?.size === 'medium' ? node.attrs.size : 'full';
  const scale = Math.min(1, DOCX_MAX_WIDTH[preset] / size.width);
  const alt = typeof node.attrs?.alt === 'string' ? node.attrs.alt : '';
  const caption = typeof node.attrs?.caption === 'string' ? node.attrs.caption.trim() : '';
  const picture = new ImageRun({
    type: match[1] === 'png' ? 'png' : 'jpg',
    data,
    transformation: { width: Math.max(1, Math.round(size.width * scale)), height: Math.max(1, Math.round(size.height * scale)) },
    altText: { name: alt || 'Image', description: alt, title: alt },
  });
  return [
    new Paragraph({ children: [picture] }),
    ...(caption ? [new Paragraph({ style: 'Caption', children: [new TextRun({ text: caption, italics: true })] })] : []),
  ];
}
