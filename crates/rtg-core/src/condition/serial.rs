//! Conditions and expressions written back in the card file format (the canonical form a
//! replay carries), so that loading what is written gives the same value.

use serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};

use super::vars::args_of;
use super::{Condition, Expr, Operand, Variable};

struct Params<'a>(&'a Variable);

impl Serialize for Params<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let args = args_of(self.0);
        let mut map = serializer.serialize_map(Some(args.len()))?;
        for (name, value) in &args {
            map.serialize_entry(name, value)?;
        }
        map.end()
    }
}

fn has_params(variable: &Variable) -> bool {
    !args_of(variable).is_empty()
}

impl Serialize for Operand {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Operand::Int(expr) => expr.serialize(serializer),
            Operand::Bool(b) => serializer.serialize_bool(*b),
            Operand::Text(text) => serializer.serialize_str(text),
        }
    }
}

impl Serialize for Condition {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Condition::All(parts) | Condition::Any(parts) => {
                let mut map = serializer.serialize_map(Some(2))?;
                let op = if matches!(self, Condition::All(_)) {
                    "and"
                } else {
                    "or"
                };
                map.serialize_entry("operator", op)?;
                map.serialize_entry("conditions", parts)?;
                map.end()
            }
            Condition::Compare {
                variable,
                op,
                value,
            } => {
                let params = has_params(variable);
                let mut map = serializer.serialize_map(Some(3 + usize::from(params)))?;
                map.serialize_entry("variable", variable.name())?;
                map.serialize_entry("operator", op.symbol())?;
                map.serialize_entry("value", value)?;
                if params {
                    map.serialize_entry("params", &Params(variable))?;
                }
                map.end()
            }
        }
    }
}

struct List<'a>(&'a [&'a Expr]);

impl Serialize for List<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.0.len()))?;
        for item in self.0 {
            seq.serialize_element(item)?;
        }
        seq.end()
    }
}

impl Serialize for Expr {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Expr::Const(n) => serializer.serialize_i32(*n),
            Expr::Var(variable) if !has_params(variable) => {
                serializer.serialize_str(&format!("${}", variable.name()))
            }
            Expr::Var(variable) => {
                let mut map = serializer.serialize_map(Some(2))?;
                map.serialize_entry("variable", variable.name())?;
                map.serialize_entry("params", &Params(variable))?;
                map.end()
            }
            Expr::Add(parts) => single(serializer, "add", parts),
            Expr::Mul(parts) => single(serializer, "mul", parts),
            Expr::Min(parts) => single(serializer, "min", parts),
            Expr::Max(parts) => single(serializer, "max", parts),
            Expr::Sub(a, b) => single(serializer, "sub", &List(&[a, b])),
            Expr::Div(a, n) => {
                let divisor = Expr::Const(*n);
                single(serializer, "div", &List(&[a, &divisor]))
            }
            Expr::Clamp { value, min, max } => {
                single(serializer, "clamp", &Clamp { value, min, max })
            }
        }
    }
}

struct Clamp<'a> {
    value: &'a Expr,
    min: &'a Expr,
    max: &'a Expr,
}

impl Serialize for Clamp<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(3))?;
        map.serialize_entry("value", self.value)?;
        map.serialize_entry("min", self.min)?;
        map.serialize_entry("max", self.max)?;
        map.end()
    }
}

/// A map of one entry.
fn single<S: Serializer, T: Serialize + ?Sized>(
    serializer: S,
    key: &str,
    value: &T,
) -> Result<S::Ok, S::Error> {
    let mut map = serializer.serialize_map(Some(1))?;
    map.serialize_entry(key, value)?;
    map.end()
}
