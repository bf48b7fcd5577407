//! `webclip batch -o FILE.parquet`: the same records as the JSON Lines output, as Parquet
//! columns (arrow-rs writer, Snappy, one row group per `ROWS_PER_BATCH` pages, so memory stays
//! bounded) that pyarrow and Spark read.
//!
//! Columns: the record's top-level strings (`id`, `url`, `source`, `method`, `charset`,
//! `format`, `body`, …), the metadata flattened (`title`, `authors`, `date_published`, …;
//! lists as lists of strings), `warnings` as a list of strings, and every other object or
//! array (`blocks`, `figures`, `links`, `options`, `timings`, `layout`, `parts`) as a JSON
//! string. `--fields` picks top-level fields as for JSON Lines (`metadata` brings all its
//! columns).

use arrow_array::builder::{ListBuilder, StringBuilder};
use arrow_array::{ArrayRef, RecordBatch};
use arrow_schema::{DataType, Field, Schema, SchemaRef};
use parquet::arrow::ArrowWriter;
use parquet::basic::Compression;
use parquet::file::properties::WriterProperties;
use serde_json::Value;
use std::sync::Arc;

/// Pages per record batch and row group, at most…
const ROWS_PER_BATCH: usize = 1024;
/// …and bytes of column text buffered before a row group is written.
const BYTES_PER_BATCH: usize = 16 << 20;

/// How a column is read from a record.
#[derive(Clone, Copy)]
enum Kind {
    /// A string field (other scalars as their JSON text).
    Text,
    /// An array of strings.
    List,
    /// Any value as JSON text.
    Json,
}

/// (column, top-level field, field inside it, kind), in column order.
const COLUMNS: &[(&str, &str, Option<&str>, Kind)] = &[
    ("id", "id", None, Kind::Text),
    ("url", "url", None, Kind::Text),
    ("source", "source", None, Kind::Text),
    ("title", "metadata", Some("title"), Kind::Text),
    ("title_source", "metadata", Some("title_source"), Kind::Text),
    ("authors", "metadata", Some("authors"), Kind::List),
    ("date_published", "metadata", Some("date_published"), Kind::Text),
    ("date_modified", "metadata", Some("date_modified"), Kind::Text),
    ("site_name", "metadata", Some("site_name"), Kind::Text),
    ("description", "metadata", Some("description"), Kind::Text),
    ("language", "metadata", Some("language"), Kind::Text),
    ("language_detected", "metadata", Some("language_detected"), Kind::Text),
    ("canonical_url", "metadata", Some("canonical_url"), Kind::Text),
    ("image", "metadata", Some("image"), Kind::Text),
    ("categories", "metadata", Some("categories"), Kind::List),
    ("tags", "metadata", Some("tags"), Kind::List),
    ("method", "method", None, Kind::Text),
    ("options", "options", None, Kind::Json),
    ("charset", "charset", None, Kind::Text),
    ("charset_source", "charset_source", None, Kind::Text),
    ("format", "format", None, Kind::Text),
    ("body", "body", None, Kind::Text),
    ("blocks", "blocks", None, Kind::Json),
    ("figures", "figures", None, Kind::Json),
    ("links", "links", None, Kind::Json),
    ("layout", "layout", None, Kind::Json),
    ("parts", "parts", None, Kind::Json),
    ("warnings", "warnings", None, Kind::List),
    ("timings", "timings", None, Kind::Json),
];

/// One value of a buffered row.
pub enum Cell {
    Text(Option<String>),
    List(Option<Vec<String>>),
}

/// A Parquet file being written: as `FILE.partial` until its footer is written, so that a
/// killed batch never leaves an unreadable file under the name asked for.
pub struct ParquetSink {
    writer: ArrowWriter<std::fs::File>,
    path: std::path::PathBuf,
    partial: std::path::PathBuf,
    schema: SchemaRef,
    columns: Vec<usize>,
    /// Buffered rows, as the cells of `columns`.
    rows: Vec<Vec<Cell>>,
    bytes: usize,
}

impl ParquetSink {
    /// A new file with the columns of `fields` (all when `None`).
    pub fn create(path: &std::path::Path, fields: Option<&[String]>) -> Result<ParquetSink, String> {
        let columns: Vec<usize> =
            (0..COLUMNS.len()).filter(|&c| fields.is_none_or(|f| f.iter().any(|name| name == COLUMNS[c].1))).collect();
        if columns.is_empty() {
            return Err("--fields names no column of the Parquet output".into());
        }
        let schema: SchemaRef = Arc::new(Schema::new(
            columns
                .iter()
                .map(|&c| {
                    let (name, _, _, kind) = COLUMNS[c];
                    let ty = match kind {
                        Kind::List => DataType::List(Arc::new(Field::new("item", DataType::Utf8, true))),
                        Kind::Text | Kind::Json => DataType::Utf8,
                    };
                    Field::new(name, ty, true)
                })
                .collect::<Vec<_>>(),
        ));
        let mut partial = path.as_os_str().to_owned();
        partial.push(".partial");
        let partial = std::path::PathBuf::from(partial);
        let file = std::fs::File::create(&partial).map_err(|e| format!("{}: {e}", partial.display()))?;
        let props = WriterProperties::builder().set_compression(Compression::SNAPPY).build();
        let writer = ArrowWriter::try_new(file, schema.clone(), Some(props)).map_err(|e| e.to_string())?;
        Ok(ParquetSink { writer, path: path.to_path_buf(), partial, schema, columns, rows: Vec::new(), bytes: 0 })
    }

    /// For `--resume`: a new file (a Parquet file cannot be appended to) that starts with
    /// the rows of the finished file at `path`, and the ids of those rows. The old file stays
    /// whole until the new one replaces it, so a kill meanwhile loses nothing. A file without
    /// a footer, or with other columns (other --fields), is an error.
    pub fn resume(
        path: &std::path::Path,
        fields: Option<&[String]>,
    ) -> Result<(ParquetSink, std::collections::HashSet<String>), String> {
        use arrow_array::{Array, RecordBatchReader};
        let mut ids = std::collections::HashSet::new();
        let file = match std::fs::File::open(path) {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok((ParquetSink::create(path, fields)?, ids)),
            Err(e) => return Err(e.to_string()),
        };
        let reader = parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder::try_new(file)
            .and_then(|b| b.with_batch_size(ROWS_PER_BATCH).build())
            .map_err(|e| {
                format!("not a whole Parquet file, so it cannot be resumed ({e}); move it away and run again")
            })?;
        let mut sink = ParquetSink::create(path, fields)?;
        if reader.schema().fields() != sink.schema.fields() {
            return Err("its columns are not those of these --fields, so it cannot be resumed".into());
        }
        let id = sink.schema.index_of("id").map_err(|_| "--resume needs the id column (add id to --fields)")?;
        for batch in reader {
            let batch = batch.map_err(|e| e.to_string())?;
            let col = batch.column(id);
            let col = col.as_any().downcast_ref::<arrow_array::StringArray>().ok_or("the id column is not text")?;
            ids.extend((0..col.len()).filter(|&k| col.is_valid(k)).map(|k| col.value(k).to_string()));
            sink.writer.write(&batch).map_err(|e| e.to_string())?;
            sink.writer.flush().map_err(|e| e.to_string())?;
        }
        Ok((sink, ids))
    }

    /// Adds one page's record (the JSON object of the JSON Lines output).
    pub fn push(&mut self, record: &str) -> Result<(), String> {
        let v: Value = serde_json::from_str(record).map_err(|e| e.to_string())?;
        self.push_row(row_of(&v, &self.columns))
    }

    /// The columns a record is written as (what `--fields` kept).
    pub fn columns(&self) -> Vec<usize> {
        self.columns.clone()
    }

    /// Adds one page's row.
    pub fn push_row(&mut self, row: Row) -> Result<(), String> {
        self.rows.push(row.cells);
        self.bytes += row.bytes;
        if self.rows.len() >= ROWS_PER_BATCH || self.bytes >= BYTES_PER_BATCH {
            self.flush()?;
        }
        Ok(())
    }

    fn flush(&mut self) -> Result<(), String> {
        if self.rows.is_empty() {
            return Ok(());
        }
        let arrays: Vec<ArrayRef> = (0..self.columns.len()).map(|k| column(&self.rows, k)).collect();
        let batch = RecordBatch::try_new(self.schema.clone(), arrays).map_err(|e| e.to_string())?;
        self.writer.write(&batch).map_err(|e| e.to_string())?;
        // One row group per batch: the writer would otherwise buffer up to a million rows,
        // and memory would grow with the output.
        self.writer.flush().map_err(|e| e.to_string())?;
        self.rows.clear();
        self.bytes = 0;
        Ok(())
    }

    /// Writes what is buffered and the file footer, and gives the file its name.
    pub fn finish(mut self) -> Result<(), String> {
        self.flush()?;
        self.writer.close().map_err(|e| e.to_string())?;
        std::fs::rename(&self.partial, &self.path).map_err(|e| e.to_string())
    }
}

/// A record's cells, and the bytes of their text (what bounds a row group's buffer).
pub struct Row {
    cells: Vec<Cell>,
    bytes: usize,
}

/// A record as the cells of `columns` (indices into the file's column list), made where the
/// record is (a batch's workers), so the writer does not parse every record again.
pub fn row_of(record: &Value, columns: &[usize]) -> Row {
    let cells: Vec<Cell> = columns.iter().map(|&c| cell(record, c)).collect();
    let bytes = cells
        .iter()
        .map(|c| match c {
            Cell::Text(t) => t.as_ref().map_or(0, String::len),
            Cell::List(l) => l.as_ref().map_or(0, |l| l.iter().map(String::len).sum()),
        })
        .sum();
    Row { cells, bytes }
}

/// Column `c` of a record.
fn cell(row: &Value, c: usize) -> Cell {
    let (_, field, inner, kind) = COLUMNS[c];
    let v = row.get(field).and_then(|v| match inner {
        Some(k) => v.get(k),
        None => Some(v),
    });
    let v = v.filter(|v| !v.is_null());
    match kind {
        Kind::Json => Cell::Text(v.map(Value::to_string)),
        Kind::Text => Cell::Text(v.map(|v| match v {
            Value::String(t) => t.clone(),
            other => other.to_string(),
        })),
        Kind::List => Cell::List(
            v.and_then(Value::as_array)
                .map(|items| items.iter().filter_map(|i| i.as_str().map(String::from)).collect()),
        ),
    }
}

/// The `k`-th buffered column as an Arrow array.
fn column(rows: &[Vec<Cell>], k: usize) -> ArrayRef {
    match rows.first().map(|r| &r[k]) {
        Some(Cell::List(_)) => {
            let mut l = ListBuilder::new(StringBuilder::new());
            for row in rows {
                match &row[k] {
                    Cell::List(Some(items)) => {
                        for item in items {
                            l.values().append_value(item);
                        }
                        l.append(true);
                    }
                    _ => l.append(false),
                }
            }
            Arc::new(l.finish())
        }
        _ => {
            let mut b = StringBuilder::new();
            for row in rows {
                match &row[k] {
                    Cell::Text(t) => b.append_option(t.as_deref()),
                    Cell::List(_) => b.append_null(),
                }
            }
            Arc::new(b.finish())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arrow_array::{Array, ListArray, StringArray};
    use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;

    #[test]
    fn records_round_trip_through_a_parquet_file() {
        let path = std::env::temp_dir().join(format!("webclip-parquet-{}.parquet", std::process::id()));
        let mut sink = ParquetSink::create(&path, None).unwrap();
        let a = r#"{"id":"a","url":null,"metadata":{"title":"T","authors":["X","Y"],"tags":[]},"body":"text","warnings":[],"blocks":[{"xpath":"/html/body"}]}"#;
        let b = r#"{"id":"b","metadata":{},"body":"","warnings":["w"]}"#;
        sink.push(a).unwrap();
        sink.push(b).unwrap();
        sink.finish().unwrap();
        let file = std::fs::File::open(&path).unwrap();
        let reader = ParquetRecordBatchReaderBuilder::try_new(file).unwrap().build().unwrap();
        let batches: Vec<RecordBatch> = reader.map(Result::unwrap).collect();
        let batch = &batches[0];
        assert_eq!(batch.num_rows(), 2);
        let col = |name: &str| batch.column(batch.schema().index_of(name).unwrap()).clone();
        let ids = col("id");
        let ids = ids.as_any().downcast_ref::<StringArray>().unwrap();
        assert_eq!((ids.value(0), ids.value(1)), ("a", "b"));
        let url = col("url");
        assert!(url.is_null(0));
        let authors = col("authors");
        let authors = authors.as_any().downcast_ref::<ListArray>().unwrap();
        let first = authors.value(0);
        let first = first.as_any().downcast_ref::<StringArray>().unwrap();
        assert_eq!((first.value(0), first.value(1)), ("X", "Y"));
        assert!(authors.is_null(1));
        let blocks = col("blocks");
        assert_eq!(blocks.as_any().downcast_ref::<StringArray>().unwrap().value(0), r#"[{"xpath":"/html/body"}]"#);
        let _ = std::fs::remove_file(path);
        // Fields pick columns; none left is an error.
        let p2 = std::env::temp_dir().join(format!("webclip-parquet-{}-f.parquet", std::process::id()));
        let only = ParquetSink::create(&p2, Some(&["id".to_string(), "metadata".to_string()])).unwrap();
        assert_eq!(only.schema.fields().len(), 1 + 13);
        assert!(ParquetSink::create(&p2, Some(&["nothing".to_string()])).is_err());
        let _ = std::fs::remove_file(p2);
    }
}
