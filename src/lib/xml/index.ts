// Text into generated documents (SVG, iCalendar): which characters may go in, checked once.
export { checkXmlText, codePointName, escapeXml, replaceRefused, xmlTextFault, type XmlTextFault } from './text.js';
