//! A small XPath 1.0 evaluator over [`Page`] for the subset wrappers use.
//!
//! Grammar: a location path of steps `/name` or `//name` (`*` for any element), each with
//! predicates `[…]`: a position (`[2]`), `@a` (exists), `@a='v'`, `contains(@a,'v')`,
//! `starts-with(@a,'v')`, `not(…)`, combined with `and`, `or` and parentheses. `@dfs` is FOREST's
//! depth-first index (§3.1), computed by [`dfs_numbers`] rather than stored in the page.

use crate::dom::{NodeId, Page, NONE};
use crate::error::Error;
use markup5ever::local_name;

/// The crate's error by default; inside the parser, the cause alone (`Result<T, String>`),
/// which [`XPath::parse`] turns into [`Error::XPath`] with the expression.
type Result<T, E = Error> = std::result::Result<T, E>;

/// FOREST's `dfs` attribute: elements numbered in depth-first order from `html` = 0, skipping
/// what the paper's HTMLCleaner pre-processing removes (`head`, scripts, styles, `noscript`,
/// `template`), so that `body` is 1 as in the paper's Figure 3. `u32::MAX` for other nodes.
pub fn dfs_numbers(page: &Page) -> Vec<u32> {
    let mut dfs = vec![u32::MAX; page.len()];
    let mut next = 0;
    let mut id = 0;
    while (id as usize) < page.len() {
        if page.is_element(id) {
            if matches!(
                *page.tag(id),
                local_name!("head")
                    | local_name!("script")
                    | local_name!("style")
                    | local_name!("noscript")
                    | local_name!("template")
            ) {
                id = page.end(id) + 1;
                continue;
            }
            dfs[id as usize] = next;
            next += 1;
        }
        id += 1;
    }
    dfs
}

/// A parsed expression.
#[derive(Debug, Clone, PartialEq)]
pub struct XPath {
    steps: Vec<Step>,
}

#[derive(Debug, Clone, PartialEq)]
struct Step {
    descendant: bool,
    /// None for `*`.
    name: Option<String>,
    preds: Vec<Expr>,
}

#[derive(Debug, Clone, PartialEq)]
enum Expr {
    Or(Vec<Expr>),
    And(Vec<Expr>),
    Not(Box<Expr>),
    Position(usize),
    Has(String),
    Equals(String, String),
    Contains(String, String),
    StartsWith(String, String),
}

impl XPath {
    /// Parses `src`; the error ([`Error::XPath`]) names the position and what was expected.
    pub fn parse(src: &str) -> Result<XPath> {
        Self::parse_steps(src).map_err(|cause| Error::XPath { expr: src.to_string(), cause })
    }

    fn parse_steps(src: &str) -> Result<XPath, String> {
        let mut p = Parser { s: src.as_bytes(), i: 0, src, depth: 0 };
        let mut steps = Vec::new();
        p.ws();
        while p.i < p.s.len() {
            if !p.eat("/") {
                return Err(p.err("'/' or '//'"));
            }
            let descendant = p.eat("/");
            let name = if p.eat("*") { None } else { Some(p.name()?.to_ascii_lowercase()) };
            let mut preds = Vec::new();
            while p.eat("[") {
                preds.push(p.or()?);
                if !p.eat("]") {
                    return Err(p.err("']'"));
                }
            }
            steps.push(Step { descendant, name, preds });
            p.ws();
        }
        if steps.is_empty() {
            return Err("empty expression".into());
        }
        Ok(XPath { steps })
    }

    /// The matching elements, in document order.
    pub fn select(&self, page: &Page) -> Vec<NodeId> {
        self.select_within(page, &crate::limits::Deadline::none())
    }

    /// As [`XPath::select`], but nothing once `deadline` has passed: nested `//` steps walk
    /// a subtree per context node, which can grow with the square of the page.
    pub fn select_within(&self, page: &Page, deadline: &crate::limits::Deadline) -> Vec<NodeId> {
        let mut ticker = deadline.ticker();
        let needs_dfs = self.steps.iter().any(|s| s.preds.iter().any(|e| e.uses_dfs()));
        let dfs = if needs_dfs { dfs_numbers(page) } else { Vec::new() };
        let mut context = vec![page.root()];
        for step in &self.steps {
            let mut next = Vec::new();
            for &c in &context {
                if step.descendant {
                    // descendant-or-self::node()/child::name — every element below `c` whose
                    // parent is `c` or below it.
                    for d in page.subtree(c) {
                        if ticker.passed() {
                            return Vec::new();
                        }
                        if page.is_element(d) || d == c {
                            step.children(page, d, &dfs, &mut next);
                        }
                    }
                } else {
                    if ticker.passed() {
                        return Vec::new();
                    }
                    step.children(page, c, &dfs, &mut next);
                }
            }
            next.sort_unstable();
            next.dedup();
            context = next;
        }
        context
    }
}

impl Step {
    fn children(&self, page: &Page, parent: NodeId, dfs: &[u32], out: &mut Vec<NodeId>) {
        let mut position = 0;
        for ch in page.children(parent) {
            if !page.is_element(ch) || self.name.as_deref().is_some_and(|n| n != &**page.tag(ch)) {
                continue;
            }
            position += 1;
            if self.preds.iter().all(|e| e.eval(page, ch, position, dfs)) {
                out.push(ch);
            }
        }
    }
}

impl Expr {
    fn uses_dfs(&self) -> bool {
        match self {
            Expr::Or(v) | Expr::And(v) => v.iter().any(Expr::uses_dfs),
            Expr::Not(e) => e.uses_dfs(),
            Expr::Position(_) => false,
            Expr::Has(a) | Expr::Equals(a, _) | Expr::Contains(a, _) | Expr::StartsWith(a, _) => a == "dfs",
        }
    }

    fn eval(&self, page: &Page, id: NodeId, position: usize, dfs: &[u32]) -> bool {
        let attr = |name: &str| -> Option<String> {
            if name == "dfs" {
                dfs.get(id as usize).filter(|&&d| d != u32::MAX).map(|d| d.to_string())
            } else {
                page.attr(id, name).map(str::to_string)
            }
        };
        match self {
            Expr::Or(v) => v.iter().any(|e| e.eval(page, id, position, dfs)),
            Expr::And(v) => v.iter().all(|e| e.eval(page, id, position, dfs)),
            Expr::Not(e) => !e.eval(page, id, position, dfs),
            Expr::Position(n) => position == *n,
            Expr::Has(a) => attr(a).is_some(),
            Expr::Equals(a, v) => attr(a).is_some_and(|x| x == *v),
            Expr::Contains(a, v) => attr(a).is_some_and(|x| x.contains(v.as_str())),
            Expr::StartsWith(a, v) => attr(a).is_some_and(|x| x.starts_with(v.as_str())),
        }
    }
}

/// Deepest nesting of parentheses and `not(` in a predicate.
const MAX_NESTING: usize = 64;

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
    src: &'a str,
    depth: usize,
}

impl Parser<'_> {
    fn err(&self, expected: &str) -> String {
        format!("expected {expected} at character {}", self.i + 1)
    }

    fn ws(&mut self) {
        while self.i < self.s.len() && self.s[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }

    fn eat(&mut self, tok: &str) -> bool {
        self.ws();
        if self.s[self.i..].starts_with(tok.as_bytes()) {
            self.i += tok.len();
            true
        } else {
            false
        }
    }

    /// A keyword (`and`, `or`) followed by a non-name character.
    fn keyword(&mut self, kw: &str) -> bool {
        self.ws();
        let rest = &self.s[self.i..];
        let boundary = rest.get(kw.len()).is_none_or(|c| !(c.is_ascii_alphanumeric() || *c == b'-' || *c == b'_'));
        if rest.starts_with(kw.as_bytes()) && boundary {
            self.i += kw.len();
            true
        } else {
            false
        }
    }

    fn name(&mut self) -> Result<String, String> {
        self.ws();
        let start = self.i;
        while self.i < self.s.len() && (self.s[self.i].is_ascii_alphanumeric() || b"-_:.".contains(&self.s[self.i])) {
            self.i += 1;
        }
        if start == self.i {
            return Err(self.err("a name"));
        }
        Ok(self.src[start..self.i].to_string())
    }

    fn string(&mut self) -> Result<String, String> {
        self.ws();
        let quote = match self.s.get(self.i) {
            Some(&q @ (b'\'' | b'"')) => q,
            _ => return Err(self.err("a quoted string")),
        };
        let start = self.i + 1;
        let len = self.s[start..].iter().position(|&c| c == quote).ok_or_else(|| self.err("a closing quote"))?;
        self.i = start + len + 1;
        Ok(self.src[start..start + len].to_string())
    }

    fn attr(&mut self) -> Result<String, String> {
        if !self.eat("@") {
            return Err(self.err("'@attribute'"));
        }
        Ok(self.name()?.to_ascii_lowercase())
    }

    fn or(&mut self) -> Result<Expr, String> {
        let mut v = vec![self.and()?];
        while self.keyword("or") {
            v.push(self.and()?);
        }
        Ok(if v.len() == 1 { v.pop().unwrap_or(Expr::Or(Vec::new())) } else { Expr::Or(v) })
    }

    fn and(&mut self) -> Result<Expr, String> {
        let mut v = vec![self.primary()?];
        while self.keyword("and") {
            v.push(self.primary()?);
        }
        Ok(if v.len() == 1 { v.pop().unwrap_or(Expr::And(Vec::new())) } else { Expr::And(v) })
    }

    fn two_args(&mut self) -> Result<(String, String), String> {
        let a = self.attr()?;
        if !self.eat(",") {
            return Err(self.err("','"));
        }
        let v = self.string()?;
        if !self.eat(")") {
            return Err(self.err("')'"));
        }
        Ok((a, v))
    }

    /// `inner` one nesting level down: parentheses and `not(` recurse, so nesting is bounded
    /// (a fuzzed expression of 16 KiB of `(` overflowed the stack).
    fn nested(&mut self, inner: impl FnOnce(&mut Self) -> Result<Expr, String>) -> Result<Expr, String> {
        if self.depth >= MAX_NESTING {
            return Err(format!("nested deeper than {MAX_NESTING} levels at byte {}", self.i));
        }
        self.depth += 1;
        let e = inner(self);
        self.depth -= 1;
        e
    }

    fn primary(&mut self) -> Result<Expr, String> {
        self.ws();
        if self.eat("(") {
            let e = self.nested(|p| p.or())?;
            return if self.eat(")") { Ok(e) } else { Err(self.err("')'")) };
        }
        if self.eat("contains(") {
            let (a, v) = self.two_args()?;
            return Ok(Expr::Contains(a, v));
        }
        if self.eat("starts-with(") {
            let (a, v) = self.two_args()?;
            return Ok(Expr::StartsWith(a, v));
        }
        if self.eat("not(") {
            let e = self.nested(|p| p.or())?;
            return if self.eat(")") { Ok(Expr::Not(Box::new(e))) } else { Err(self.err("')'")) };
        }
        if self.s.get(self.i).is_some_and(u8::is_ascii_digit) {
            let start = self.i;
            while self.s.get(self.i).is_some_and(u8::is_ascii_digit) {
                self.i += 1;
            }
            let n = self.src[start..self.i].parse().map_err(|_| self.err("a position"))?;
            return Ok(Expr::Position(n));
        }
        let a = self.attr()?;
        if self.eat("=") {
            let v = self.string()?;
            return Ok(Expr::Equals(a, v));
        }
        Ok(Expr::Has(a))
    }
}

/// Quotes a string literal for an XPath expression (None when it holds both quote kinds).
pub fn quote(v: &str) -> Option<String> {
    if !v.contains('\'') {
        Some(format!("'{v}'"))
    } else if !v.contains('"') {
        Some(format!("\"{v}\""))
    } else {
        None
    }
}

/// The outermost of `nodes` (sorted, document order): drops those inside an earlier one.
pub fn outermost(page: &Page, nodes: &[NodeId]) -> Vec<NodeId> {
    let mut out: Vec<NodeId> = Vec::new();
    let mut last = NONE;
    for &n in nodes {
        if last != NONE && page.contains(last, n) {
            continue;
        }
        out.push(n);
        last = n;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const HTML: &str = "<html><head><title>t</title><script>x</script></head><body>\
        <div id='container'><div class='post wrapper-02'><p>a</p><p>b</p></div>\
        <div class='post wrapper-09'><p>c</p></div></div><p id=\"x'y\">d</p></body></html>";

    fn texts(page: &Page, xp: &str) -> Vec<String> {
        let x = XPath::parse(xp).unwrap();
        x.select(page).into_iter().map(|n| page.text_content(n)).collect()
    }

    #[test]
    fn evaluates_the_wrapper_subset() {
        let page = Page::parse(HTML);
        assert_eq!(texts(&page, "//div[contains(@class,'post')]"), ["a b", "c"]);
        assert_eq!(texts(&page, "//div[@id='container']/div[2]"), ["c"]);
        assert_eq!(texts(&page, "/html/body/div/div[1]/p[2]"), ["b"]);
        assert_eq!(texts(&page, "//p[not(@id)]"), ["a", "b", "c"]);
        assert_eq!(texts(&page, "//*[@id=\"x'y\"]"), ["d"]);
        assert_eq!(texts(&page, "//div[starts-with(@class,'post') and (@dfs='3' or @dfs='99')]"), ["a b"]);
        assert!(texts(&page, "//div[contains(@class,'post') and @dfs='2']").is_empty());
    }

    #[test]
    fn dfs_skips_head_and_scripts() {
        let page = Page::parse(HTML);
        let dfs = dfs_numbers(&page);
        let body = page.body().unwrap();
        assert_eq!(dfs[body as usize], 1);
        let container = XPath::parse("//div[@id='container']").unwrap().select(&page)[0];
        assert_eq!(dfs[container as usize], 2);
    }

    #[test]
    fn bad_expressions_say_where() {
        for bad in ["", "div", "//div[", "//div[@class=post]", "//div[contains(@a 'x')]", "//div[@a='x' or]"] {
            let e = XPath::parse(bad).unwrap_err();
            assert!(matches!(&e, Error::XPath { expr, .. } if expr == bad), "{bad}: {e}");
            assert!(e.to_string().starts_with(&format!("XPath {bad:?}: ")), "{bad}: {e}");
        }
    }

    #[test]
    fn nesting_is_bounded_not_a_stack_overflow() {
        let deep = format!("//div[{}@id{}]", "(".repeat(16_000), ")".repeat(16_000));
        let e = XPath::parse(&deep).unwrap_err().to_string();
        assert!(e.contains("nested deeper than 64"), "{e}");
        let ok = format!("//div[{}@id{}]", "not(".repeat(31), ")".repeat(31));
        assert!(XPath::parse(&ok).is_ok());
    }
}
