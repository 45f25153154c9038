//! `#[derive(Json)]` for `shop-core`: implements `shop_core::json::FromJson` and
//! `shop_core::json::ToJson` from a type's `#[serde(...)]` attributes (ADR 0005).
//!
//! The attributes keep serde's spelling and meaning, so `tsify` reads the very same attributes
//! for the TypeScript declarations. The generated code is small by design: every field is one
//! call into a generic helper in `shop_core::json`, monomorphised per field *type*, not per
//! container; an enum of unit variants only is a table of its names, read and written by one
//! shared loop. Supported (everything else is a compile error, never a silent misreading):
//! - containers: `rename_all` (camelCase, snake_case, SCREAMING_SNAKE_CASE, UPPERCASE,
//!   lowercase), `default` (structs), `transparent` (newtype structs), `tag = "…"` (enums
//!   with unit and struct variants);
//! - fields: `rename`, `default`, `skip_serializing_if = "path"`, `deserialize_with = "path"`
//!   (a `fn(&Value) -> Result<T, JsonError>`);
//! - variants: `rename`, `rename_all` (for a struct variant's fields), `other` (unit variant
//!   taken for unknown names);
//! - structs with named fields, enums with unit, newtype (untagged only) and struct variants.

// Runs in the compiler, not in the browser: clippy.toml's size rules for the core do not apply.
#![allow(clippy::disallowed_macros, clippy::disallowed_methods)]

use proc_macro::TokenStream;
use proc_macro2::TokenStream as Tokens;
use quote::quote;
use syn::{Data, DeriveInput, Fields, LitStr, parse_macro_input};

/// Both directions: `FromJson` and `ToJson`.
#[proc_macro_derive(Json, attributes(serde))]
pub fn derive_json(input: TokenStream) -> TokenStream {
    derive(input, true, true)
}

/// Reading only, for types that only ever arrive (service answers holding raw values).
#[proc_macro_derive(FromJson, attributes(serde))]
pub fn derive_from_json(input: TokenStream) -> TokenStream {
    derive(input, true, false)
}

/// Writing only, for types that only ever leave (views holding `&'static str`).
#[proc_macro_derive(ToJson, attributes(serde))]
pub fn derive_to_json(input: TokenStream) -> TokenStream {
    derive(input, false, true)
}

fn derive(input: TokenStream, from: bool, to: bool) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    expand(&input, from, to)
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// The `#[serde(...)]` attributes this derive understands, of a container, variant or field.
#[derive(Default)]
struct Attrs {
    rename: Option<String>,
    rename_all: Option<String>,
    default: bool,
    tag: Option<String>,
    other: bool,
    transparent: bool,
    skip_serializing_if: Option<syn::ExprPath>,
    deserialize_with: Option<syn::ExprPath>,
}

fn attrs(list: &[syn::Attribute]) -> syn::Result<Attrs> {
    let mut out = Attrs::default();
    for attr in list.iter().filter(|attr| attr.path().is_ident("serde")) {
        attr.parse_nested_meta(|meta| {
            let string = |meta: &syn::meta::ParseNestedMeta| -> syn::Result<LitStr> {
                meta.value()?.parse::<LitStr>()
            };
            if meta.path.is_ident("rename") {
                out.rename = Some(string(&meta)?.value());
            } else if meta.path.is_ident("rename_all") {
                out.rename_all = Some(string(&meta)?.value());
            } else if meta.path.is_ident("default") {
                out.default = true;
            } else if meta.path.is_ident("tag") {
                out.tag = Some(string(&meta)?.value());
            } else if meta.path.is_ident("transparent") {
                out.transparent = true;
            } else if meta.path.is_ident("other") {
                out.other = true;
            } else if meta.path.is_ident("skip_serializing_if") {
                out.skip_serializing_if = Some(string(&meta)?.parse()?);
            } else if meta.path.is_ident("deserialize_with") {
                out.deserialize_with = Some(string(&meta)?.parse()?);
            } else {
                return Err(meta.error("derive(Json) does not support this serde attribute"));
            }
            Ok(())
        })?;
    }
    Ok(out)
}

/// serde's case rules. `variant` names are PascalCase, field names snake_case.
fn renamed(ident: &syn::Ident, rule: Option<&str>, variant: bool) -> syn::Result<String> {
    let name = ident.to_string();
    let name = name.strip_prefix("r#").unwrap_or(&name).to_owned();
    let snake = || {
        if !variant {
            return name.clone();
        }
        let mut out = String::new();
        for (index, ch) in name.chars().enumerate() {
            if ch.is_uppercase() && index > 0 {
                out.push('_');
            }
            out.push(ch.to_ascii_lowercase());
        }
        out
    };
    Ok(match rule {
        None => name.clone(),
        Some("lowercase") => name.to_ascii_lowercase(),
        Some("UPPERCASE") => name.to_ascii_uppercase(),
        Some("snake_case") => snake(),
        Some("SCREAMING_SNAKE_CASE") => snake().to_ascii_uppercase(),
        Some("camelCase") if variant => {
            let mut chars = name.chars();
            chars
                .next()
                .map(|first| first.to_ascii_lowercase().to_string() + chars.as_str())
                .unwrap_or_default()
        }
        Some("camelCase") => {
            let mut out = String::new();
            let mut capitalize = false;
            for ch in name.chars() {
                if ch == '_' {
                    capitalize = true;
                } else if capitalize {
                    out.push(ch.to_ascii_uppercase());
                    capitalize = false;
                } else {
                    out.push(ch);
                }
            }
            out
        }
        Some(other) => {
            return Err(syn::Error::new(
                ident.span(),
                format!("derive(Json) does not support rename_all = {other:?}"),
            ));
        }
    })
}

/// One named field: its Rust name, JSON key and attributes.
struct Field<'a> {
    ident: &'a syn::Ident,
    ty: &'a syn::Type,
    key: String,
    attrs: Attrs,
}

fn named_fields<'a>(fields: &'a Fields, rule: Option<&str>) -> syn::Result<Vec<Field<'a>>> {
    let Fields::Named(named) = fields else {
        return Err(syn::Error::new_spanned(
            fields,
            "derive(Json) expects named fields here",
        ));
    };
    named
        .named
        .iter()
        .map(|field| {
            let attrs = attrs(&field.attrs)?;
            let ident = field
                .ident
                .as_ref()
                .ok_or_else(|| syn::Error::new_spanned(field, "unnamed field"))?;
            let key = match &attrs.rename {
                Some(key) => key.clone(),
                None => renamed(ident, rule, false)?,
            };
            Ok(Field {
                ident,
                ty: &field.ty,
                key,
                attrs,
            })
        })
        .collect()
}

/// Field initialisers reading `object` (a `&Map`) for a container without `#[serde(default)]`
/// (those are read in place: `read_into_default`).
fn read_fields(fields: &[Field]) -> Tokens {
    let inits = fields.iter().map(|field| {
        let Field { ident, ty, key, attrs } = field;
        let absent = attrs
            .default
            .then(|| quote!(::core::default::Default::default()));
        match (&attrs.deserialize_with, absent) {
            (Some(path), absent) => {
                let absent = absent.unwrap_or_else(|| quote!(::shop_core::json::absent::<#ty>(#key)?));
                quote! {
                    #ident: match ::shop_core::json::member(object, #key) {
                        ::core::option::Option::Some(value) => #path(value).map_err(|error| ::shop_core::json::context(#key, error))?,
                        ::core::option::Option::None => #absent,
                    }
                }
            }
            (None, Some(absent)) => quote!(#ident: ::shop_core::json::field_or::<#ty>(object, #key, #absent)?),
            (None, None) => quote!(#ident: ::shop_core::json::field::<#ty>(object, #key)?),
        }
    });
    quote!(#(#inits,)*)
}

/// The reading of a `#[serde(default)]` struct: start from `Self::default()` and overwrite each
/// field that is present, in place. Every field is one call with no branch of its own; the
/// first error (in field order) stops the reading. An early return per field instead would
/// drop every field read before it, which multiplies code by the number of fields (ADR 0005).
/// A struct whose every field has its own `#[serde(default)]` is read the same way, starting
/// from each field's `Default` (the container need not implement `Default`).
fn read_into_default(fields: &[Field], container_default: bool) -> Tokens {
    let start = if container_default {
        quote!(<Self as ::core::default::Default>::default())
    } else {
        let idents = fields.iter().map(|field| field.ident);
        quote!(Self { #(#idents: ::core::default::Default::default()),* })
    };
    let reads = fields.iter().map(|field| {
        let Field { ident, key, attrs, .. } = field;
        // A field's own `default` wins over the container's when the member is absent.
        let own_default = (container_default && attrs.default)
            .then(|| quote!(__out.#ident = ::core::default::Default::default();));
        let read = match &attrs.deserialize_with {
            Some(path) => quote!(::shop_core::json::read_field_with(&mut __out.#ident, object, #key, #path, &mut __error);),
            None => quote!(::shop_core::json::read_field(&mut __out.#ident, object, #key, &mut __error);),
        };
        quote!(#own_default #read)
    });
    quote! {
        let object = ::shop_core::json::object(value)?;
        let mut __out = #start;
        let mut __error = ::core::option::Option::None;
        #(#reads)*
        match __error {
            ::core::option::Option::None => ::core::result::Result::Ok(__out),
            ::core::option::Option::Some(error) => ::core::result::Result::Err(error),
        }
    }
}

/// Statements writing fields through `writer` (an `ObjectWriter`); `access` turns a field
/// ident into the expression of its value reference.
fn write_fields(fields: &[Field], access: impl Fn(&syn::Ident) -> Tokens) -> Tokens {
    let writes = fields.iter().map(|field| {
        let key = &field.key;
        let value = access(field.ident);
        let write = quote!(writer.field(#key, #value););
        match &field.attrs.skip_serializing_if {
            Some(path) => quote!(if !#path(#value) { #write }),
            None => write,
        }
    });
    quote!(#(#writes)*)
}

fn expand(input: &DeriveInput, from: bool, to: bool) -> syn::Result<Tokens> {
    let name = &input.ident;
    let container = attrs(&input.attrs)?;
    let rule = container.rename_all.as_deref();
    let (impl_generics, type_generics, where_clause) = input.generics.split_for_impl();
    // A struct's member names, for readers that must tell its object from any other. Given with
    // the reading side only, so a type deriving FromJson and ToJson apart gets them once.
    let mut field_names = None;
    let (from_body, to_body) = match &input.data {
        Data::Struct(data) if container.transparent => match &data.fields {
            Fields::Unnamed(unnamed) if unnamed.unnamed.len() == 1 => (
                quote!(::shop_core::json::FromJson::from_json(value).map(Self)),
                quote!(::shop_core::json::ToJson::write_json(&self.0, out)),
            ),
            fields => {
                return Err(syn::Error::new_spanned(
                    fields,
                    "transparent needs one unnamed field",
                ));
            }
        },
        Data::Struct(data) => {
            let fields = named_fields(&data.fields, rule)?;
            let keys = fields.iter().map(|field| &field.key);
            field_names = from.then(|| {
                quote! {
                    impl #impl_generics #name #type_generics #where_clause {
                        /// The JSON object's member names, one per field.
                        #[allow(dead_code)]
                        pub const JSON_FIELDS: &'static [&'static str] = &[#(#keys),*];
                    }
                }
            });
            let writes = write_fields(&fields, |ident| quote!(&self.#ident));
            let every_field_defaults = fields.iter().all(|field| field.attrs.default);
            let from = if container.default || every_field_defaults {
                read_into_default(&fields, container.default)
            } else {
                let reads = read_fields(&fields);
                quote! {
                    let object = ::shop_core::json::object(value)?;
                    ::core::result::Result::Ok(Self { #reads })
                }
            };
            (
                from,
                quote! {
                    let mut writer = ::shop_core::json::ObjectWriter::begin(out);
                    #writes
                    writer.end();
                },
            )
        }
        Data::Enum(data) => expand_enum(&container, data)?,
        Data::Union(_) => {
            return Err(syn::Error::new_spanned(
                input,
                "derive(Json) does not support unions",
            ));
        }
    };
    let from_impl = from.then(|| {
        quote! {
            impl #impl_generics ::shop_core::json::FromJson for #name #type_generics #where_clause {
                fn from_json(value: &::shop_core::json::Value)
                    -> ::core::result::Result<Self, ::shop_core::json::JsonError> {
                    #from_body
                }
            }
        }
    });
    let to_impl = to.then(|| {
        quote! {
            impl #impl_generics ::shop_core::json::ToJson for #name #type_generics #where_clause {
                fn write_json(&self, out: &mut ::std::string::String) {
                    #to_body
                }
            }
        }
    });
    Ok(quote!(#from_impl #to_impl #field_names))
}

fn expand_enum(container: &Attrs, data: &syn::DataEnum) -> syn::Result<(Tokens, Tokens)> {
    let rule = container.rename_all.as_deref();
    let unit_only = container.tag.is_none()
        && !data.variants.is_empty()
        && data
            .variants
            .iter()
            .all(|variant| matches!(variant.fields, Fields::Unit));
    if unit_only {
        return unit_enum(rule, data);
    }
    let mut unit_reads = Vec::new();
    let mut object_reads = Vec::new();
    let mut data_reads = Vec::new();
    let mut unit_names = Vec::new();
    let mut writes = Vec::new();
    let mut fallback = quote!(::core::result::Result::Err(
        ::shop_core::json::JsonError::unknown_variant(name)
    ));
    for variant in &data.variants {
        let ident = &variant.ident;
        let variant_attrs = attrs(&variant.attrs)?;
        let json_name = match &variant_attrs.rename {
            Some(name) => name.clone(),
            None => renamed(ident, rule, true)?,
        };
        if variant_attrs.other {
            fallback = quote!(::core::result::Result::Ok(Self::#ident));
            // `other` still has its own name when written.
        }
        let field_rule = variant_attrs.rename_all.as_deref();
        match (&variant.fields, &container.tag) {
            (Fields::Unit, None) => {
                unit_reads.push(quote!(#json_name => ::core::result::Result::Ok(Self::#ident),));
                unit_names.push(quote!((#json_name, ::core::option::Option::None) => ::core::result::Result::Ok(Self::#ident),));
                writes.push(quote!(Self::#ident => ::shop_core::json::write_str(out, #json_name),));
            }
            (Fields::Unit, Some(tag)) => {
                object_reads.push(quote!(#json_name => ::core::result::Result::Ok(Self::#ident),));
                writes.push(quote!(Self::#ident => {
                    let mut writer = ::shop_core::json::ObjectWriter::begin(out);
                    writer.field(#tag, #json_name);
                    writer.end();
                }));
            }
            (Fields::Unnamed(unnamed), None) if unnamed.unnamed.len() == 1 => {
                data_reads.push(quote!(
                    (#json_name, ::core::option::Option::Some(content)) => ::shop_core::json::within(#json_name, ::shop_core::json::FromJson::from_json(content)).map(Self::#ident),
                ));
                writes.push(quote!(Self::#ident(inner) => ::shop_core::json::write_tagged(out, #json_name, inner),));
            }
            (Fields::Named(_), tag) => {
                let fields = named_fields(&variant.fields, field_rule)?;
                let reads = read_fields(&fields);
                let idents: Vec<_> = fields.iter().map(|field| field.ident).collect();
                let field_writes = write_fields(&fields, |ident| quote!(#ident));
                match tag {
                    Some(tag) => {
                        object_reads.push(quote!(#json_name => ::core::result::Result::Ok(Self::#ident { #reads }),));
                        writes.push(quote!(Self::#ident { #(#idents),* } => {
                            let mut writer = ::shop_core::json::ObjectWriter::begin(out);
                            writer.field(#tag, #json_name);
                            #field_writes
                            writer.end();
                        }));
                    }
                    None => {
                        data_reads.push(quote!((#json_name, ::core::option::Option::Some(content)) => {
                            let object = ::shop_core::json::within(#json_name, ::shop_core::json::object(content))?;
                            ::core::result::Result::Ok(Self::#ident { #reads })
                        }));
                        writes.push(quote!(Self::#ident { #(#idents),* } => {
                            ::shop_core::json::write_key(out, #json_name);
                            let mut writer = ::shop_core::json::ObjectWriter::begin(out);
                            #field_writes
                            writer.end();
                            out.push('}');
                        }));
                    }
                }
            }
            (fields, _) => {
                return Err(syn::Error::new_spanned(
                    fields,
                    "derive(Json) supports unit, struct and (untagged enums only) newtype variants",
                ));
            }
        }
    }
    let from_body = match &container.tag {
        Some(tag) => quote! {
            let object = ::shop_core::json::object(value)?;
            let name = ::shop_core::json::tag(object, #tag)?;
            match name {
                #(#object_reads)*
                _ => #fallback,
            }
        },
        None if data_reads.is_empty() => quote! {
            let name = ::shop_core::json::name(value)?;
            match name {
                #(#unit_reads)*
                _ => #fallback,
            }
        },
        None => quote! {
            match ::shop_core::json::variant(value)? {
                #(#unit_names)*
                #(#data_reads)*
                (name, _) => #fallback,
            }
        },
    };
    let to_body = quote! {
        match self {
            #(#writes)*
        }
    };
    Ok((from_body, to_body))
}

/// An enum of unit variants only, written as its variants' names: one table of names, read and
/// written by the shared `unit_variant` / `write_unit_variant` (no string match per enum).
fn unit_enum(rule: Option<&str>, data: &syn::DataEnum) -> syn::Result<(Tokens, Tokens)> {
    let mut names = Vec::new();
    let mut other = quote!(::core::option::Option::None);
    for (index, variant) in data.variants.iter().enumerate() {
        let variant_attrs = attrs(&variant.attrs)?;
        names.push(match &variant_attrs.rename {
            Some(name) => name.clone(),
            None => renamed(&variant.ident, rule, true)?,
        });
        if variant_attrs.other {
            other = quote!(::core::option::Option::Some(#index));
        }
    }
    let idents: Vec<_> = data.variants.iter().map(|variant| &variant.ident).collect();
    let indices: Vec<usize> = (0..idents.len()).collect();
    let (last, leading) = idents.split_last().ok_or_else(|| {
        syn::Error::new(
            proc_macro2::Span::call_site(),
            "derive(Json) needs a variant",
        )
    })?;
    let leading_indices = indices.iter().take(leading.len());
    let from_body = quote! {
        const NAMES: &[&str] = &[#(#names),*];
        ::core::result::Result::Ok(match ::shop_core::json::unit_variant(value, NAMES, #other)? {
            #(#leading_indices => Self::#leading,)*
            _ => Self::#last,
        })
    };
    let to_body = quote! {
        const NAMES: &[&str] = &[#(#names),*];
        let index: usize = match self {
            #(Self::#idents => #indices,)*
        };
        ::shop_core::json::write_unit_variant(out, NAMES, index);
    };
    Ok((from_body, to_body))
}
