-- A document's file belongs to one plane, like the documents that point at it: resetting the
-- demonstration plane removes its files with its documents, and the same bytes uploaded on both
-- planes are two rows, so no demonstration upload ever shares storage with a live one.
ALTER TABLE seller_documents DROP CONSTRAINT seller_documents_sha256_fkey;
ALTER TABLE document_files DROP CONSTRAINT document_files_pkey;
ALTER TABLE document_files
  ADD COLUMN plane text NOT NULL DEFAULT 'live' CHECK (plane IN ('live', 'demo'));

-- Files used by demonstration documents get a demonstration row of their own.
INSERT INTO document_files (plane, sha256, content, size_bytes, media_type)
SELECT 'demo', f.sha256, f.content, f.size_bytes, f.media_type
  FROM document_files f
 WHERE EXISTS (SELECT 1 FROM seller_documents d WHERE d.sha256 = f.sha256 AND d.plane = 'demo');
-- A live row no live document uses, but a demonstration one does, was only ever demonstration.
DELETE FROM document_files f
 WHERE f.plane = 'live'
   AND NOT EXISTS (SELECT 1 FROM seller_documents d WHERE d.sha256 = f.sha256 AND d.plane = 'live')
   AND EXISTS (SELECT 1 FROM seller_documents d WHERE d.sha256 = f.sha256 AND d.plane = 'demo');

ALTER TABLE document_files ALTER COLUMN plane DROP DEFAULT;
ALTER TABLE document_files ADD PRIMARY KEY (plane, sha256);
ALTER TABLE seller_documents
  ADD CONSTRAINT seller_documents_file_fkey FOREIGN KEY (plane, sha256) REFERENCES document_files (plane, sha256);
