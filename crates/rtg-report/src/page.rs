//! The page layer every HTML page of rtg shares: one escaper, and one shell (the head with its
//! title and style, the data the scripts read, the scripts, the end). The report pages
//! ([`crate::page()`]), the replay viewer (`rtg-view`) and the index of sample games (`rtg
//! simulate --sample`) are each this shell around a body of their own.

/// Where escaped text goes: which characters must be written as references.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Escape {
    /// Anywhere, attribute values of either quote included: `&`, `<`, `>`, `"` and `'`.
    Everywhere,
    /// Element content and double-quoted attribute values only: `&`, `<`, `>` and `"` (a `'`
    /// means nothing there). The viewer's title is written so, as it always was.
    Content,
}

/// `text` escaped for `place`.
pub fn escape(text: &str, place: Escape) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' if place == Escape::Everywhere => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Text escaped for HTML content and attribute values (`&`, `<`, `>`, `"`, `'`).
pub fn escape_html(text: &str) -> String {
    escape(text, Escape::Everywhere)
}

/// The head of a page: everything up to and with `<body>`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Shell<'a> {
    /// `<!doctype html>` or `<!DOCTYPE html>`: HTML reads both alike, and each page keeps the
    /// spelling it always had, so that its bytes stay what they were.
    pub doctype: &'a str,
    /// The title, already escaped.
    pub title_html: &'a str,
    /// The page's whole style sheet, inline.
    pub style: &'a str,
}

impl Shell<'_> {
    /// Writes the head, from the doctype to `<body>` and its line end.
    pub fn open(&self, out: &mut String) {
        for part in [
            self.doctype,
            "\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
             <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>",
            self.title_html,
            "</title>\n<style>",
            self.style,
            "</style>\n</head>\n<body>\n",
        ] {
            out.push_str(part);
        }
    }
}

/// Writes an inline script.
pub fn script(out: &mut String, code: &str) {
    out.push_str("<script>");
    out.push_str(code);
    out.push_str("</script>\n");
}

/// Writes JSON for the page's scripts in `<script type="application/json" id="ID">`. Every `<`
/// is written `\u003c` (it can only be inside a string, where that escape reads the same), so
/// that no text in it (a deck named `</script>` or `<!--`) can end the element or change how it
/// is read.
pub fn json_data(out: &mut String, id: &str, json: &str) {
    out.push_str("<script type=\"application/json\" id=\"");
    out.push_str(id);
    out.push_str("\">");
    out.push_str(&json.replace('<', "\\u003c"));
    out.push_str("</script>\n");
}

/// Writes the end of a page.
pub fn close(out: &mut String) {
    out.push_str("</body>\n</html>\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_escaper_escapes_a_quote_only_where_it_may_end_an_attribute() {
        let text = r#"<a href='x'>"Bob's" & co</a>"#;
        assert_eq!(
            escape_html(text),
            "&lt;a href=&#39;x&#39;&gt;&quot;Bob&#39;s&quot; &amp; co&lt;/a&gt;"
        );
        assert_eq!(
            escape(text, Escape::Content),
            "&lt;a href='x'&gt;&quot;Bob's&quot; &amp; co&lt;/a&gt;"
        );
    }

    #[test]
    fn the_shell_holds_the_title_the_style_and_data_that_cannot_end_its_element() {
        let mut page = String::new();
        Shell {
            doctype: "<!doctype html>",
            title_html: "a &amp; b",
            style: "p{}",
        }
        .open(&mut page);
        json_data(&mut page, "d", r#"{"deck":"</script>"}"#);
        script(&mut page, "go()");
        close(&mut page);
        assert_eq!(
            page,
            "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
             <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
             <title>a &amp; b</title>\n<style>p{}</style>\n</head>\n<body>\n\
             <script type=\"application/json\" id=\"d\">{\"deck\":\"\\u003c/script>\"}</script>\n\
             <script>go()</script>\n</body>\n</html>\n"
        );
    }
}
