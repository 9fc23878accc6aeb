import JSZip from 'jszip';

/** A paragraph of a generated Word document: text runs (bold or not) and PNG pictures. */
export type DocxRun = string | { bold: string } | { png: Buffer; widthPx: number; heightPx: number };
/** A paragraph: runs, or runs in Word's automatic numbering (`level` 0: 1. 2. 3., level 1: A. B. C.). */
export type DocxParagraph = DocxRun | DocxRun[] | { level: 0 | 1; runs: DocxRun[] };

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const EMU_PER_PX = 9525;

/**
 * The smallest WordprocessingML package Word, LibreOffice and mammoth open: a document of paragraphs with text
 * and inline PNG pictures. Enough for a template teachers fill in (and for tests); not a general writer.
 */
export async function writeDocx(paragraphs: DocxParagraph[]): Promise<Buffer> {
  const zip = new JSZip();
  const images: Buffer[] = [];
  const run = (r: DocxRun): string => {
    if (typeof r === 'string') return `<w:r><w:t xml:space="preserve">${escapeXml(r)}</w:t></w:r>`;
    if ('bold' in r) return `<w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">${escapeXml(r.bold)}</w:t></w:r>`;
    images.push(r.png);
    const n = images.length;
    const [cx, cy] = [r.widthPx * EMU_PER_PX, r.heightPx * EMU_PER_PX];
    return (
      `<w:r><w:drawing><wp:inline><wp:extent cx="${cx}" cy="${cy}"/><wp:docPr id="${n}" name="Gambar ${n}"/>` +
      '<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture">' +
      `<pic:pic><pic:nvPicPr><pic:cNvPr id="${n}" name="image${n}.png"/><pic:cNvPicPr/></pic:nvPicPr>` +
      `<pic:blipFill><a:blip r:embed="rIdImg${n}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>` +
      `<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${cx}" cy="${cy}"/></a:xfrm><a:prstGeom prst="rect"/></pic:spPr>` +
      '</pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>'
    );
  };
  const paragraph = (p: DocxParagraph) => {
    if (typeof p === 'object' && 'level' in p) {
      const numbering = `<w:pPr><w:numPr><w:ilvl w:val="${p.level}"/><w:numId w:val="1"/></w:numPr></w:pPr>`;
      return `<w:p>${numbering}${p.runs.map(run).join('')}</w:p>`;
    }
    return `<w:p>${(Array.isArray(p) ? p : [p]).map(run).join('')}</w:p>`;
  };
  const body = paragraphs.map(paragraph).join('');
  const level = (ilvl: number, format: string) =>
    `<w:lvl w:ilvl="${ilvl}"><w:start w:val="1"/><w:numFmt w:val="${format}"/><w:lvlText w:val="%${ilvl + 1}."/></w:lvl>`;
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
      '<Override PartName="/word/numbering.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml"/>' +
      '</Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
      '</Relationships>',
  );
  zip.file(
    'word/document.xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"' +
      ' xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"' +
      ' xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"' +
      ' xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"' +
      ' xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture">' +
      `<w:body>${body}</w:body></w:document>`,
  );
  zip.file(
    'word/numbering.xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<w:numbering xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
      `<w:abstractNum w:abstractNumId="0">${level(0, 'decimal')}${level(1, 'upperLetter')}</w:abstractNum>` +
      '<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num></w:numbering>',
  );
  zip.file(
    'word/_rels/document.xml.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rIdNumbering" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/numbering" Target="numbering.xml"/>' +
      images
        .map(
          (_, i) =>
            `<Relationship Id="rIdImg${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="media/image${i + 1}.png"/>`,
        )
        .join('') +
      '</Relationships>',
  );
  images.forEach((png, i) => zip.file(`word/media/image${i + 1}.png`, png));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
