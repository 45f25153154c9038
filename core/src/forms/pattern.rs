//! The regular expressions of the generic `pattern` rule: a small matcher written for the
//! browser build (ADR 0005), in linear time.
//!
//! A pattern is parsed, compiled into a program of at most [`PROGRAM_LIMIT`] steps (an instruction
//! is one, a class one per range) and run as a Pike VM: every thread advances one character at a
//! time, so matching costs at most (value length × program size) steps whatever the pattern — no
//! catastrophic backtracking.
//!
//! Syntax (the common ground of JavaScript's `RegExp` and Rust's `regex`):
//! - literals; `\` before any punctuation makes it literal; `\n`, `\r`, `\t`;
//! - `.` (any character but a line feed), `\d \D \w \W \s \S` (ASCII classes);
//! - classes `[a-z]`, `[^0-9]`, with those escapes inside, a literal `-` first or last;
//! - anchors `^` and `$` (of the whole value), word boundaries `\b` and `\B`;
//! - groups `( … )` and `(?: … )`, alternation `|`;
//! - repetition `* + ? {n} {n,} {n,m}` (each at most 1000), greedy or lazy (`*?`): the rule only
//!   asks whether the pattern matches, so both are the same here;
//! - the flag `(?i)` at the very start: ASCII letters match in either case.
//!
//! Anything else (backreferences, lookaround, named groups, Unicode classes, other flags) is a
//! [`PatternError`], as is nesting deeper than [`NEST_LIMIT`].

/// Largest compiled program, in instructions (guard, not in the spec: `(a{1000}){1000}` would be
/// a million).
pub const PROGRAM_LIMIT: usize = 20_000;

/// Largest count of a counted repetition.
const REPEAT_LIMIT: u32 = 1000;

/// Deepest nesting of groups.
const NEST_LIMIT: u32 = 64;

/// Why a pattern cannot be used, in words for the person configuring the field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternError(pub &'static str);

/// A compiled pattern.
#[derive(Clone, Debug)]
pub struct Pattern {
    program: Vec<Inst>,
    /// `(?i)`: ASCII letters match in either case.
    ignore_case: bool,
}

#[derive(Clone, Debug, PartialEq)]
enum Node {
    Empty,
    Char(char),
    Any,
    Class(Class),
    Start,
    End,
    WordBoundary(bool),
    Concat(Vec<Node>),
    Alternation(Vec<Node>),
    Repeat {
        node: Box<Node>,
        min: u32,
        max: Option<u32>,
    },
}

/// A set of characters: inclusive ranges, possibly negated.
#[derive(Clone, Debug, PartialEq)]
struct Class {
    ranges: Vec<(char, char)>,
    negated: bool,
}

impl Class {
    fn contains(&self, ch: char, ignore_case: bool) -> bool {
        let within = |ch: char| {
            self.ranges
                .iter()
                .any(|&(low, high)| low <= ch && ch <= high)
        };
        let found = within(ch)
            || (ignore_case
                && (within(ch.to_ascii_lowercase()) || within(ch.to_ascii_uppercase())));
        found != self.negated
    }
}

#[derive(Clone, Debug)]
enum Inst {
    Char(char),
    Any,
    Class(Class),
    Start,
    End,
    WordBoundary(bool),
    /// Continue at both targets.
    Split(usize, usize),
    Jump(usize),
    Match,
}

const DIGIT: &[(char, char)] = &[('0', '9')];
const WORD: &[(char, char)] = &[('0', '9'), ('A', 'Z'), ('_', '_'), ('a', 'z')];
const SPACE: &[(char, char)] = &[('\t', '\r'), (' ', ' ')];

struct Parser<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    depth: u32,
}

impl Parser<'_> {
    fn eat(&mut self, ch: char) -> bool {
        self.chars.next_if_eq(&ch).is_some()
    }

    fn alternation(&mut self) -> Result<Node, PatternError> {
        let mut branches = vec![self.concat()?];
        while self.eat('|') {
            branches.push(self.concat()?);
        }
        Ok(if branches.len() == 1 {
            branches.pop().unwrap_or(Node::Empty)
        } else {
            Node::Alternation(branches)
        })
    }

    fn concat(&mut self) -> Result<Node, PatternError> {
        let mut items = Vec::new();
        while let Some(&ch) = self.chars.peek() {
            if ch == '|' || ch == ')' {
                break;
            }
            let atom = self.atom()?;
            items.push(self.repetition(atom)?);
        }
        Ok(Node::Concat(items))
    }

    /// The atom with its repetition operator, if one follows (at most one, as in JavaScript).
    fn repetition(&mut self, atom: Node) -> Result<Node, PatternError> {
        let (min, max) = match self.chars.peek() {
            Some('*') => (0, None),
            Some('+') => (1, None),
            Some('?') => (0, Some(1)),
            Some('{') => {
                self.chars.next();
                let counts = self.counts()?;
                return self.repeated(atom, counts);
            }
            _ => return Ok(atom),
        };
        self.chars.next();
        self.repeated(atom, (min, max))
    }

    /// After a repetition operator: an optional lazy `?`, then no further operator.
    fn repeated(
        &mut self,
        atom: Node,
        (min, max): (u32, Option<u32>),
    ) -> Result<Node, PatternError> {
        self.eat('?');
        if matches!(self.chars.peek(), Some('*' | '+' | '?' | '{')) {
            return Err(PatternError("a repetition operator follows a repetition"));
        }
        repeat(atom, min, max)
    }

    /// `n}`, `n,}` or `n,m}` after a `{`.
    fn counts(&mut self) -> Result<(u32, Option<u32>), PatternError> {
        let min = self
            .number()?
            .ok_or(PatternError("a counted repetition needs a number"))?;
        let max = if self.eat(',') {
            self.number()?
        } else {
            Some(min)
        };
        if !self.eat('}') {
            return Err(PatternError("a counted repetition is not closed"));
        }
        if max.is_some_and(|max| max < min) {
            return Err(PatternError(
                "a counted repetition has its minimum above its maximum",
            ));
        }
        Ok((min, max))
    }

    fn number(&mut self) -> Result<Option<u32>, PatternError> {
        let mut number: Option<u32> = None;
        while let Some(digit) = self.chars.peek().and_then(|ch| ch.to_digit(10)) {
            self.chars.next();
            let next = number.unwrap_or(0) * 10 + digit;
            if next > REPEAT_LIMIT {
                return Err(PatternError("a repetition count is above 1000"));
            }
            number = Some(next);
        }
        Ok(number)
    }

    fn atom(&mut self) -> Result<Node, PatternError> {
        let Some(ch) = self.chars.next() else {
            return Ok(Node::Empty);
        };
        Ok(match ch {
            '(' => self.group()?,
            '[' => Node::Class(self.class()?),
            '.' => Node::Any,
            '^' => Node::Start,
            '$' => Node::End,
            '\\' => self.escape()?,
            '*' | '+' | '?' | '{' => {
                return Err(PatternError("a repetition operator follows nothing"));
            }
            ch => Node::Char(ch),
        })
    }

    fn group(&mut self) -> Result<Node, PatternError> {
        if self.eat('?') && !self.eat(':') {
            return Err(PatternError(
                "only (…) and (?:…) groups are supported (no lookaround, named groups or flags)",
            ));
        }
        self.depth += 1;
        if self.depth > NEST_LIMIT {
            return Err(PatternError("the pattern nests too deeply"));
        }
        let inner = self.alternation()?;
        self.depth -= 1;
        if !self.eat(')') {
            return Err(PatternError("a group is not closed"));
        }
        Ok(inner)
    }

    fn escape(&mut self) -> Result<Node, PatternError> {
        Ok(match self.chars.next() {
            Some('b') => Node::WordBoundary(true),
            Some('B') => Node::WordBoundary(false),
            Some(ch) => match class_escape(ch)? {
                Ok(class) => Node::Class(class),
                Err(literal) => Node::Char(literal),
            },
            None => return Err(PatternError("the pattern ends in a backslash")),
        })
    }

    /// The inside of `[…]`, after the `[`.
    fn class(&mut self) -> Result<Class, PatternError> {
        let negated = self.eat('^');
        let mut ranges = Vec::new();
        let mut first = true;
        loop {
            let ch = self
                .chars
                .next()
                .ok_or(PatternError("a character class is not closed"))?;
            let low = match ch {
                ']' if !first => break,
                '[' => return Err(PatternError("nested character classes are not supported")),
                '\\' => {
                    let escaped = self
                        .chars
                        .next()
                        .ok_or(PatternError("the pattern ends in a backslash"))?;
                    match class_escape(escaped)? {
                        Ok(class) if !class.negated => {
                            ranges.extend(class.ranges);
                            first = false;
                            continue;
                        }
                        Ok(_) => {
                            return Err(PatternError(
                                "\\D, \\W and \\S are not supported inside a class",
                            ));
                        }
                        Err(literal) => literal,
                    }
                }
                ch => ch,
            };
            first = false;
            let is_range = self.chars.peek() == Some(&'-') && {
                let mut ahead = self.chars.clone();
                ahead.next();
                ahead.peek().is_some_and(|&next| next != ']')
            };
            if !is_range {
                ranges.push((low, low));
                continue;
            }
            self.chars.next();
            let high = match self.chars.next() {
                Some('\\') => match self.chars.next().map(class_escape) {
                    Some(Ok(Err(literal))) => literal,
                    _ => return Err(PatternError("a class range must end in a single character")),
                },
                Some(high) => high,
                None => return Err(PatternError("a character class is not closed")),
            };
            if high < low {
                return Err(PatternError("a class range runs backwards"));
            }
            ranges.push((low, high));
        }
        Ok(Class { ranges, negated })
    }
}

/// What `\ch` stands for: a class (`Ok`) or a literal character (`Err`).
fn class_escape(ch: char) -> Result<Result<Class, char>, PatternError> {
    let class = |ranges: &[(char, char)], negated| {
        Ok(Ok(Class {
            ranges: ranges.to_vec(),
            negated,
        }))
    };
    match ch {
        'd' => class(DIGIT, false),
        'D' => class(DIGIT, true),
        'w' => class(WORD, false),
        'W' => class(WORD, true),
        's' => class(SPACE, false),
        'S' => class(SPACE, true),
        'n' => Ok(Err('\n')),
        'r' => Ok(Err('\r')),
        't' => Ok(Err('\t')),
        ch if ch.is_ascii_punctuation() || ch == ' ' => Ok(Err(ch)),
        _ => Err(PatternError("unsupported escape sequence")),
    }
}

fn repeat(node: Node, min: u32, max: Option<u32>) -> Result<Node, PatternError> {
    match node {
        Node::Start | Node::End | Node::WordBoundary(_) | Node::Empty => Err(PatternError(
            "a repetition operator follows nothing repeatable",
        )),
        node => Ok(Node::Repeat {
            node: Box::new(node),
            min,
            max,
        }),
    }
}

/// The number of instructions `node` compiles to, saturating.
fn program_size(node: &Node) -> usize {
    match node {
        Node::Concat(items) => items
            .iter()
            .map(program_size)
            .fold(0, usize::saturating_add),
        Node::Alternation(branches) => branches
            .iter()
            .map(|branch| program_size(branch).saturating_add(2))
            .fold(0, usize::saturating_add),
        Node::Repeat { node, min, max } => {
            let copies = max.unwrap_or(*min).max(*min).max(1) as usize;
            program_size(node)
                .saturating_add(1)
                .saturating_mul(copies)
                .saturating_add(2)
        }
        // A class costs a step per range for each character it is tried on: counted so, the
        // limit bounds the work per character too (`[^...]{k}` is k times its ranges).
        Node::Class(class) => class.ranges.len().max(1),
        _ => 1,
    }
}

fn compile(node: &Node, program: &mut Vec<Inst>) {
    match node {
        Node::Empty => {}
        Node::Char(ch) => program.push(Inst::Char(*ch)),
        Node::Any => program.push(Inst::Any),
        Node::Class(class) => program.push(Inst::Class(class.clone())),
        Node::Start => program.push(Inst::Start),
        Node::End => program.push(Inst::End),
        Node::WordBoundary(at) => program.push(Inst::WordBoundary(*at)),
        Node::Concat(items) => items.iter().for_each(|item| compile(item, program)),
        Node::Alternation(branches) => {
            let mut jumps = Vec::new();
            for (index, branch) in branches.iter().enumerate() {
                let last = index + 1 == branches.len();
                let split = program.len();
                if !last {
                    program.push(Inst::Split(split + 1, 0));
                }
                compile(branch, program);
                if !last {
                    jumps.push(program.len());
                    program.push(Inst::Jump(0));
                    let next = program.len();
                    if let Some(Inst::Split(_, other)) = program.get_mut(split) {
                        *other = next;
                    }
                }
            }
            let end = program.len();
            for jump in jumps {
                if let Some(Inst::Jump(target)) = program.get_mut(jump) {
                    *target = end;
                }
            }
        }
        Node::Repeat { node, min, max } => {
            for _ in 0..*min {
                compile(node, program);
            }
            match max {
                None => {
                    // loop: Split(body, out); body; Jump(loop)
                    let split = program.len();
                    program.push(Inst::Split(split + 1, 0));
                    compile(node, program);
                    program.push(Inst::Jump(split));
                    let out = program.len();
                    if let Some(Inst::Split(_, other)) = program.get_mut(split) {
                        *other = out;
                    }
                }
                Some(max) => {
                    let mut splits = Vec::new();
                    for _ in *min..*max {
                        splits.push(program.len());
                        program.push(Inst::Split(program.len() + 1, 0));
                        compile(node, program);
                    }
                    let out = program.len();
                    for split in splits {
                        if let Some(Inst::Split(_, other)) = program.get_mut(split) {
                            *other = out;
                        }
                    }
                }
            }
        }
    }
}

impl Pattern {
    /// Parses and compiles a pattern.
    pub fn new(pattern: &str) -> Result<Pattern, PatternError> {
        let (ignore_case, body) = match pattern.strip_prefix("(?i)") {
            Some(body) => (true, body),
            None => (false, pattern),
        };
        let mut parser = Parser {
            chars: body.chars().peekable(),
            depth: 0,
        };
        let node = parser.alternation()?;
        if parser.chars.next().is_some() {
            return Err(PatternError("a ')' has no matching '('"));
        }
        if program_size(&node) > PROGRAM_LIMIT {
            return Err(PatternError(
                "the pattern compiles too large (repetitions multiply)",
            ));
        }
        let mut program = Vec::new();
        compile(&node, &mut program);
        program.push(Inst::Match);
        Ok(Pattern {
            program,
            ignore_case,
        })
    }

    /// Whether the pattern matches anywhere in `text` (like JavaScript's `RegExp.test`).
    pub fn is_match(&self, text: &str) -> bool {
        let chars: Vec<char> = text.chars().collect();
        let mut seen = vec![usize::MAX; self.program.len()];
        let mut current = Vec::new();
        let mut next = Vec::new();
        let mut stack = Vec::new();
        for position in 0..=chars.len() {
            // Unanchored search: a new thread starts at every position.
            if self.add(0, position, &chars, &mut current, &mut seen, &mut stack) {
                return true;
            }
            let Some(&ch) = chars.get(position) else {
                break;
            };
            next.clear();
            for &pc in &current {
                let advances = match self.program.get(pc) {
                    Some(Inst::Char(wanted)) => {
                        *wanted == ch || (self.ignore_case && wanted.eq_ignore_ascii_case(&ch))
                    }
                    Some(Inst::Any) => ch != '\n',
                    Some(Inst::Class(class)) => class.contains(ch, self.ignore_case),
                    _ => false,
                };
                if advances
                    && self.add(
                        pc + 1,
                        position + 1,
                        &chars,
                        &mut next,
                        &mut seen,
                        &mut stack,
                    )
                {
                    return true;
                }
            }
            std::mem::swap(&mut current, &mut next);
        }
        false
    }

    /// Adds the thread at `pc` and every thread it reaches without consuming a character at
    /// `position` to `list`. `seen` marks each instruction once per position. Returns whether
    /// one of them is the match.
    fn add(
        &self,
        pc: usize,
        position: usize,
        chars: &[char],
        list: &mut Vec<usize>,
        seen: &mut [usize],
        stack: &mut Vec<usize>,
    ) -> bool {
        stack.clear();
        stack.push(pc);
        while let Some(pc) = stack.pop() {
            match seen.get_mut(pc) {
                Some(mark) if *mark != position => *mark = position,
                _ => continue,
            }
            let word = |index: Option<usize>| {
                index
                    .and_then(|index| chars.get(index))
                    .is_some_and(|ch| ch.is_ascii_alphanumeric() || *ch == '_')
            };
            match self.program.get(pc) {
                Some(Inst::Match) => return true,
                Some(Inst::Jump(target)) => stack.push(*target),
                Some(Inst::Split(first, second)) => {
                    stack.push(*second);
                    stack.push(*first);
                }
                Some(Inst::Start) if position == 0 => stack.push(pc + 1),
                Some(Inst::End) if position == chars.len() => stack.push(pc + 1),
                Some(Inst::WordBoundary(at)) => {
                    let boundary = word(position.checked_sub(1)) != word(Some(position));
                    if boundary == *at {
                        stack.push(pc + 1);
                    }
                }
                Some(Inst::Char(_) | Inst::Any | Inst::Class(_)) => list.push(pc),
                _ => {}
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn matches(pattern: &str, text: &str) -> bool {
        Pattern::new(pattern).is_ok_and(|pattern| pattern.is_match(text))
    }

    #[test]
    fn matching_table() {
        let table = [
            (r"^\d{5}$", "12345", true),
            (r"^\d{5}$", "1234", false),
            (r"^\d{5}$", "123456", false),
            (r"\d", "abc1", true),
            (
                r"^[A-Z]{2}\d{2}[A-Z0-9 ]{11,30}$",
                "DE89 3704 0044 0532 0130 00",
                true,
            ),
            (r"^(ab|cd)+$", "abcdab", true),
            (r"^(ab|cd)+$", "abca", false),
            (r"^a.c$", "abc", true),
            (r"^a.c$", "a\nc", false),
            (r"^[^0-9]*$", "abc", true),
            (r"^[^0-9]*$", "ab1", false),
            (r"^[a-]+$", "a-a", true),
            (
                r"^[\w.+-]+@[\w-]+\.[a-z]{2,}$",
                "max.muster+shop@example.de",
                true,
            ),
            (r"^\s*$", " \t", true),
            (r"\bkaffee\b", "ein kaffee bitte", true),
            (r"\bkaffee\b", "kaffeebohne", false),
            (r"\Bbohne", "kaffeebohne", true),
            (r"^(?:a|b)?c$", "c", true),
            (r"^a{2,3}$", "aaaa", false),
            (r"^a{2,}$", "aaaa", true),
            (r"^a+?$", "aaa", true),
            (r"(?i)^kaffee$", "KaFfEe", true),
            (r"(?i)^[a-z]+$", "ABC", true),
            (r"^[a-z]+$", "ABC", false),
            (r"^Grüße$", "Grüße", true),
            (r"^[À-ž]+$", "Żółć", true),
            (r"^[À-ž]+$", "Łódź", false),
            (r"\$\(\)\[\]\{\}\.\*", "$()[]{}.*", true),
            (r"^$", "", true),
            (r"", "anything", true),
            (r"^(a*)*b$", &"a".repeat(5000), false),
            // Case-insensitive classes take either case; `\s` is every ASCII white space; an
            // escaped space is a space; `_` is a word character for `\b`.
            (r"(?i)^[A-Z]+$", "abc", true),
            (r"^\s+$", "\r\x0b\x0c\n", true),
            (r"^a\ b$", "a b", true),
            (r"\bkaffee\b", "my_kaffee_x", false),
            ("^a{1000}$", &"a".repeat(1000), true),
        ];
        for (pattern, text, expected) in table {
            assert_eq!(matches(pattern, text), expected, "{pattern} on {text:?}");
        }
    }

    #[test]
    fn unsupported_or_broken_patterns_are_errors() {
        for bad in [
            "(", ")", "[a-", "[z-a]", "a{5,1}", "a{1001}", "\\", "*", "a**b", "(?=a)", "(?<n>a)",
            "\\1", "\\p{L}", "[[a]]", "^*", "a{", "a{x}",
            // A negated class inside a class would turn its meaning round: refused.
            "[\\D]", "[\\W]", "[\\S]",
        ] {
            assert!(Pattern::new(bad).is_err(), "{bad}");
        }
        assert!(Pattern::new("(a{1000}){1000}").is_err());
        // A class is as costly as its ranges: 100 of them 300 times is refused, as 30 000
        // single letters would be; 18 of them 1000 times still goes.
        let class = |ranges: u32| {
            (0..ranges)
                .filter_map(|at| char::from_u32(0x100 + 2 * at))
                .collect::<String>()
        };
        assert!(Pattern::new(&format!("[^{}]{{300}}b", class(100))).is_err());
        assert!(Pattern::new(&format!("[^{}]{{1000}}b", class(18))).is_ok());
        assert!(Pattern::new(&format!("{}a{}", "(".repeat(65), ")".repeat(65))).is_err());
        assert!(Pattern::new(&format!("{}a{}", "(".repeat(64), ")".repeat(64))).is_ok());
    }

    fn pattern_strategy() -> impl Strategy<Value = String> {
        let atom = prop_oneof![
            "[abc]",
            Just(".".to_owned()),
            Just(r"\d".to_owned()),
            Just(r"\w".to_owned()),
            Just("[a-c]".to_owned()),
            Just("[^b]".to_owned()),
        ];
        atom.prop_recursive(3, 16, 3, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 1..4).prop_map(|items| items.concat()),
                (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("(?:{a}|{b})")),
                (
                    inner.clone(),
                    prop_oneof!["\\*", "\\+", "\\?", "\\{1,2\\}", "\\{2\\}"]
                )
                    .prop_map(|(a, op)| format!("(?:{a}){op}")),
                inner.prop_map(|a| format!("^{a}$")),
            ]
        })
    }

    proptest! {
        /// The matcher agrees with the `regex-lite` crate on the syntax both accept.
        #[test]
        fn agrees_with_regex_lite(pattern in pattern_strategy(), text in "[abc1 ]{0,8}") {
            let ours = Pattern::new(&pattern).map(|compiled| compiled.is_match(&text));
            let reference = regex_lite::Regex::new(&pattern).map(|regex| regex.is_match(&text));
            prop_assert_eq!(ours.ok(), reference.ok(), "{} on {:?}", pattern, text);
        }

        #[test]
        fn never_panics(pattern in any::<String>(), text in any::<String>()) {
            if let Ok(compiled) = Pattern::new(&pattern) {
                let _ = compiled.is_match(&text);
            }
        }
    }
}
