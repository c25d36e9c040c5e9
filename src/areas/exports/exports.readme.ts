/**
 * The README of an export, in the language the funder chose. The project's own text in each
 * of the seven languages; only the export id and the funder's name are filled in.
 */
export const EXPORT_LANGS = ['pt', 'es', 'en', 'fr', 'de', 'it', 'nl'] as const;
export type ExportLang = (typeof EXPORT_LANGS)[number];

interface Facts {
  exportId: string;
  funderName: string;
}

const TEXTS: Record<ExportLang, (f: Facts) => string[]> = {
  en: (f) => [
    `Data export ${f.exportId} for ${f.funderName}`,
    '',
    'This archive holds everything the service keeps about your operations: one CSV file and one',
    'JSON Lines file per subject (requests and their history, offers, invoices, sellers, debtors,',
    'notices, funding refused at a gate, evidence entries, settlements, statements, rules, limits,',
    'keys, audit trail, documents).',
    'schema.json describes every column and its type. manifest.json lists every file with its size',
    'and SHA-256, and manifest_sha256 seals the list itself.',
    '',
    'To check it: unzip every volume into one folder and run  python3 verify.py  there.',
    'It needs nothing but Python 3 and names any file that does not match.',
    '',
    'CSV files are UTF-8 with a header row. A text cell that began with = + - @ or a tab has an',
    'apostrophe in front so spreadsheets do not run it as a formula.',
  ],
  es: (f) => [
    `Exportación de datos ${f.exportId} de ${f.funderName}`,
    '',
    'Este archivo reúne todo lo que el servicio guarda sobre sus operaciones: un fichero CSV y uno',
    'JSON Lines por tema (solicitudes e historial, ofertas, facturas, cedentes, deudores,',
    'notificaciones, desembolsos denegados por una condición, registro de evidencias, cobros, extractos,',
    'reglas, límites, claves, auditoría, documentos).',
    'schema.json describe cada columna y su tipo. manifest.json enumera cada fichero con su tamaño',
    'y su SHA-256, y manifest_sha256 sella la propia lista.',
    '',
    'Para comprobarlo: descomprima todos los volúmenes en una misma carpeta y ejecute allí',
    'python3 verify.py  (solo necesita Python 3); indica cualquier fichero que no coincida.',
    '',
    'Los CSV están en UTF-8 con fila de cabecera. Una celda de texto que empezaba por = + - @ o un',
    'tabulador lleva delante un apóstrofo para que la hoja de cálculo no la trate como fórmula.',
  ],
  pt: (f) => [
    `Exportação de dados ${f.exportId} de ${f.funderName}`,
    '',
    'Este arquivo contém tudo o que o serviço guarda sobre as suas operações: um ficheiro CSV e um',
    'JSON Lines por assunto (pedidos e histórico, propostas, faturas, cedentes, devedores,',
    'notificações, desembolsos recusados por uma condição, registo de evidências, liquidações, extratos,',
    'regras, limites, chaves, auditoria, documentos).',
    'schema.json descreve cada coluna e o seu tipo. manifest.json lista cada ficheiro com o tamanho',
    'e o SHA-256, e manifest_sha256 sela a própria lista.',
    '',
    'Para verificar: descompacte todos os volumes numa só pasta e execute aí  python3 verify.py',
    '(basta o Python 3); o programa indica qualquer ficheiro que não corresponda.',
    '',
    'Os CSV estão em UTF-8 com linha de cabeçalho. Uma célula de texto que começava por = + - @ ou',
    'tabulação tem um apóstrofo à frente para a folha de cálculo não a tratar como fórmula.',
  ],
  fr: (f) => [
    `Export de données ${f.exportId} pour ${f.funderName}`,
    '',
    'Cette archive contient tout ce que le service conserve sur vos opérations : un fichier CSV et un',
    'fichier JSON Lines par sujet (demandes et historique, offres, factures, cédants, débiteurs,',
    'notifications, financements refusés faute d’une condition, journal de preuves, encaissements,',
    'relevés, règles, limites, clés, audit, documents).',
    'schema.json décrit chaque colonne et son type. manifest.json liste chaque fichier avec sa taille',
    'et son SHA-256, et manifest_sha256 scelle la liste elle-même.',
    '',
    'Pour vérifier : décompressez tous les volumes dans un même dossier et lancez-y  python3 verify.py',
    '(Python 3 suffit) ; il nomme tout fichier qui ne correspond pas.',
    '',
    "Les CSV sont en UTF-8 avec une ligne d'en-tête. Une cellule de texte qui commençait par = + - @ ou",
    "une tabulation est précédée d'une apostrophe pour qu'un tableur ne l'exécute pas comme formule.",
  ],
  de: (f) => [
    `Datenexport ${f.exportId} für ${f.funderName}`,
    '',
    'Dieses Archiv enthält alles, was der Dienst über Ihre Geschäfte speichert: je Thema eine CSV- und',
    'eine JSON-Lines-Datei (Anträge und Verlauf, Angebote, Rechnungen, Verkäufer, Schuldner,',
    'Anzeigen, an einer Bedingung abgelehnte Auszahlungen, Nachweiskette, Zahlungseingänge,',
    'Kontoauszüge, Regeln, Limits, Schlüssel, Prüfpfad, Dokumente).',
    'schema.json beschreibt jede Spalte und ihren Typ. manifest.json nennt jede Datei mit Größe und',
    'SHA-256; manifest_sha256 versiegelt die Liste selbst.',
    '',
    'Zur Prüfung: alle Teile in einen Ordner entpacken und dort  python3 verify.py  ausführen.',
    'Es braucht nur Python 3 und nennt jede Datei, die nicht übereinstimmt.',
    '',
    'CSV-Dateien sind UTF-8 mit Kopfzeile. Eine Textzelle, die mit = + - @ oder einem Tabulator begann,',
    'trägt vorne einen Apostroph, damit eine Tabellenkalkulation sie nicht als Formel ausführt.',
  ],
  it: (f) => [
    `Esportazione dati ${f.exportId} per ${f.funderName}`,
    '',
    'Questo archivio contiene tutto ciò che il servizio conserva sulle vostre operazioni: un file CSV e',
    'un file JSON Lines per argomento (richieste e cronologia, offerte, fatture, cedenti, debitori,',
    'notifiche, erogazioni rifiutate per una condizione non soddisfatta, catena delle evidenze, incassi,',
    'estratti conto, regole, limiti, chiavi, audit, documenti).',
    'schema.json descrive ogni colonna e il suo tipo. manifest.json elenca ogni file con dimensione e',
    'SHA-256, e manifest_sha256 sigilla l’elenco stesso.',
    '',
    'Per verificare: estrarre tutti i volumi in una sola cartella ed eseguirvi  python3 verify.py',
    '(basta Python 3); indica ogni file che non corrisponde.',
    '',
    'I CSV sono in UTF-8 con riga di intestazione. Una cella di testo che iniziava con = + - @ o una',
    'tabulazione ha davanti un apostrofo, così il foglio di calcolo non la esegue come formula.',
  ],
  nl: (f) => [
    `Gegevensexport ${f.exportId} voor ${f.funderName}`,
    '',
    'Dit archief bevat alles wat de dienst over uw verrichtingen bewaart: per onderwerp een CSV- en een',
    'JSON Lines-bestand (aanvragen en historie, aanbiedingen, facturen, verkopers, debiteuren,',
    'kennisgevingen, uitbetalingen geweigerd op een voorwaarde, bewijsketen, ontvangsten, afschriften,',
    'regels, limieten, sleutels, audit, documenten).',
    'schema.json beschrijft elke kolom en het type. manifest.json noemt elk bestand met grootte en',
    'SHA-256, en manifest_sha256 verzegelt de lijst zelf.',
    '',
    'Controleren: pak alle delen uit in één map en voer daar  python3 verify.py  uit.',
    'Alleen Python 3 is nodig; het noemt elk bestand dat niet klopt.',
    '',
    'CSV-bestanden zijn UTF-8 met een kopregel. Een tekstcel die begon met = + - @ of een tab krijgt',
    'een apostrof ervoor, zodat een rekenblad haar niet als formule uitvoert.',
  ],
};

export function readmeText(lang: string, facts: Facts): string {
  const text = TEXTS[(EXPORT_LANGS as readonly string[]).includes(lang) ? (lang as ExportLang) : 'en'];
  return `${text(facts).join('\n')}\n`;
}
