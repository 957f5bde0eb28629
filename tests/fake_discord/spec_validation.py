"""Checks request (and response) bodies against Discord's official OpenAPI description.

The spec (MIT, see openapi/LICENSE) is the root document for every ``$ref``, so the body
schema of an operation is reached as ``urn:discord-openapi#/paths/.../schema`` and its
``#/components/...`` references resolve against the whole spec.
"""

from __future__ import annotations

import functools
import json
import re
from collections import defaultdict
from pathlib import Path
from typing import Any, Iterable, Optional

import jsonschema
from jsonschema.exceptions import ValidationError
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

SPEC_PATH = Path(__file__).parent / "openapi" / "openapi.json"
SPEC_URI = "urn:discord-openapi"

# Lists of snowflakes that discord.py sends as integers.
_ID_LIST_KEYS = {"users", "roles", "applied_tags", "recipients", "include_roles"}
# Keys ending in "_id" that are not snowflakes; an integer there is a real error.
_NOT_SNOWFLAKES = {"custom_id", "nonce"}
# Keys under which dicts are message/modal components, whose "id" is an int32 by the spec.
_COMPONENT_KEYS = {"components", "accessory", "component"}
# Permission bitfields: discord.py sends strings (as Discord's docs say), the spec says integer.
_PERMISSION_KEYS = {"default_member_permissions"}


def _pointer_escape(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")


def normalise_for_spec(value: Any, parent_key: Optional[str] = None) -> Any:
    """Undo the known, harmless differences between discord.py's JSON and the spec's types."""
    if isinstance(value, list):
        return [normalise_for_spec(item, parent_key) for item in value]
    if not isinstance(value, dict):
        return value
    is_component = parent_key in _COMPONENT_KEYS and isinstance(value.get("type"), int)
    out: dict[str, Any] = {}
    for key, item in value.items():
        if key in _PERMISSION_KEYS and isinstance(item, str) and item.isdigit():
            out[key] = int(item)
        elif _is_snowflake_key(key) and not (key == "id" and is_component):
            out[key] = _stringify(item)
        elif key.endswith("_ids") or key in _ID_LIST_KEYS:
            out[key] = [_stringify(normalise_for_spec(x, key)) for x in item] if isinstance(item, list) else item
        else:
            out[key] = normalise_for_spec(item, key)
    return out


def _is_snowflake_key(key: str) -> bool:
    return (key == "id" or key.endswith("_id")) and key not in _NOT_SNOWFLAKES


def _stringify(item: Any) -> Any:
    if isinstance(item, int) and not isinstance(item, bool):
        return str(item)
    return item


def _leaf_errors(error: ValidationError) -> list[ValidationError]:
    """Find the errors that explain a failed oneOf/anyOf.

    Discord's unions are mostly tagged by a ``type`` enum; branches whose tag does not match
    (or that only say "not null") are noise, so descend into the one branch left.
    """
    if not error.context:
        return [error]
    branches: dict[Any, list[ValidationError]] = defaultdict(list)
    for sub in error.context:
        branches[sub.relative_schema_path[0]].append(sub)
    depth = len(error.absolute_path)

    def irrelevant(errs: list[ValidationError]) -> bool:
        for e in errs:
            rel = list(e.absolute_path)[depth:]
            if e.validator in ("enum", "const") and rel == ["type"]:
                return True
        return all(e.validator == "type" and len(e.absolute_path) == depth for e in errs)

    candidates = [errs for errs in branches.values() if not irrelevant(errs)]
    if len(candidates) != 1:
        return [error]
    return [leaf for e in candidates[0] for leaf in _leaf_errors(e)]


def _describe(error: ValidationError) -> str:
    where = "/".join(str(p) for p in error.absolute_path) or "(body)"
    if error.validator in ("maxLength", "minLength", "maxItems", "minItems") and hasattr(error.instance, "__len__"):
        return f"{where}: length {len(error.instance)} breaks {error.validator} {error.validator_value}"
    message = error.message
    if len(message) > 200:
        message = message[:120] + " ... " + message[-60:]
    return f"{where}: {message}"


def _resolved(spec: dict[str, Any], schema: Any) -> Any:
    """``schema`` with its local ``$ref`` chain followed (``#/components/...``)."""
    while isinstance(schema, dict) and str(schema.get("$ref", "")).startswith("#/"):
        node: Any = spec
        for part in schema["$ref"][2:].split("/"):
            node = node[part.replace("~1", "/").replace("~0", "~")]
        schema = node
    return schema


def _tagged_union(spec: dict[str, Any], keyword: str):
    """``oneOf``/``anyOf`` that skips the branches whose ``type`` tag
    (an ``enum`` or ``const`` on the property ``type``) excludes the
    instance's ``type``: such a branch can never match, and Discord's
    component unions have up to eleven of them, each a deep schema. The
    result is the plain keyword's, found without trying those branches;
    the validation of a board post becomes several times faster."""
    plain = jsonschema.Draft202012Validator.VALIDATORS[keyword]
    tags: dict[int, Any] = {}

    def tag_of(branch: Any) -> Any:
        key = id(branch)
        if key not in tags:
            prop = _resolved(spec, _resolved(spec, branch).get("properties", {}).get("type")) \
                if isinstance(_resolved(spec, branch), dict) else None
            if isinstance(prop, dict) and "const" in prop:
                tags[key] = [prop["const"]]
            elif isinstance(prop, dict) and isinstance(prop.get("enum"), list):
                tags[key] = prop["enum"]
            else:
                tags[key] = None
        return tags[key]

    def keyword_validator(validator, branches, instance, schema):
        if not (isinstance(instance, dict) and "type" in instance):
            yield from plain(validator, branches, instance, schema)
            return
        kind = instance["type"]
        # bool is an int to Python but not to JSON Schema: compare exactly
        kept = [(i, b) for i, b in enumerate(branches)
                if tag_of(b) is None or any(kind == t and type(kind) is type(t) for t in tag_of(b))]
        if len(kept) == len(branches):
            yield from plain(validator, branches, instance, schema)
            return
        if not kept:
            yield ValidationError(f"{instance!r} is not valid under any of the given schemas")
            return
        matched = [i for i, b in kept if validator.evolve(schema=b).is_valid(instance)]
        if keyword == "anyOf" and matched:
            return
        if len(matched) == 1:
            return
        if not matched:
            errors = [e for i, b in kept for e in validator.descend(instance, b, schema_path=i)]
            yield ValidationError(f"{instance!r} is not valid under any of the given schemas", context=errors)
            return
        yield ValidationError(f"{instance!r} is valid under each of {[branches[i] for i in matched]!r}")

    return keyword_validator


class SpecValidator:
    """Validates bodies for a method + concrete API path (``/channels/123/messages``)."""

    def __init__(self, spec_path: Path = SPEC_PATH) -> None:
        self.spec: dict[str, Any] = json.loads(spec_path.read_text(encoding="utf-8"))
        resource = Resource.from_contents(self.spec, default_specification=DRAFT202012)
        self._registry = Registry().with_resource(SPEC_URI, resource)
        self._routes = self._compile_routes(self.spec["paths"])
        self._validators: dict[str, jsonschema.Draft202012Validator] = {}
        self._validator_class = jsonschema.validators.extend(
            jsonschema.Draft202012Validator,
            {keyword: _tagged_union(self.spec, keyword) for keyword in ("oneOf", "anyOf")},
        )

    @staticmethod
    def _compile_routes(paths: Iterable[str]) -> list[tuple[re.Pattern[str], str]]:
        routes = []
        for template in paths:
            pattern = re.sub(r"\\\{[^/]+?\\\}", "[^/]+", re.escape(template))
            literal_segments = sum(1 for seg in template.split("/") if seg and not seg.startswith("{"))
            routes.append((literal_segments, re.compile(f"^{pattern}$"), template))
        # "/messages/@original" must win over "/messages/{message_id}": most literal segments first.
        routes.sort(key=lambda r: -r[0])
        return [(regex, template) for _, regex, template in routes]

    def match(self, path: str) -> Optional[str]:
        """The spec's path template for a concrete path, or None."""
        for regex, template in self._routes:
            if regex.match(path):
                return template
        return None

    def _validator(self, pointer: str) -> jsonschema.Draft202012Validator:
        validator = self._validators.get(pointer)
        if validator is None:
            validator = self._validator_class({"$ref": f"{SPEC_URI}#{pointer}"}, registry=self._registry)
            self._validators[pointer] = validator
        return validator

    def _check(self, pointer: str, body: Any) -> list[str]:
        errors = sorted(
            self._validator(pointer).iter_errors(normalise_for_spec(body)), key=lambda e: list(e.absolute_path)
        )
        return [_describe(leaf) for error in errors for leaf in _leaf_errors(error)]

    def validate_request(self, method: str, path: str, body: Any, *, multipart: bool = False) -> list[str]:
        """Problems with a request body; empty when it matches the spec.

        For multipart uploads pass the parsed ``payload_json`` as ``body``.
        """
        method = method.lower()
        template = self.match(path)
        if template is None:
            return [f"{method.upper()} {path}: path not in Discord's OpenAPI spec"]
        operation = self.spec["paths"][template].get(method)
        if operation is None:
            return [f"{method.upper()} {template}: method not in Discord's OpenAPI spec"]
        request_body = operation.get("requestBody")
        if request_body is None:
            if body not in (None, {}, b"", ""):
                return [f"{method.upper()} {template}: spec defines no request body but one was sent"]
            return []
        if body is None:
            if request_body.get("required"):
                return [f"{method.upper()} {template}: request body required but none was sent"]
            return []
        content = request_body["content"]
        media = "multipart/form-data" if multipart and "multipart/form-data" in content else "application/json"
        if media not in content:
            return [f"{method.upper()} {template}: spec has no {media} body"]
        pointer = "/paths/{}/{}/requestBody/content/{}/schema".format(
            _pointer_escape(template), method, _pointer_escape(media)
        )
        return [f"{method.upper()} {template}: {problem}" for problem in self._check(pointer, body)]

    def validate_response(self, method: str, path: str, status: int, body: Any) -> list[str]:
        """Problems with a JSON response body the fake produced (checks the fake's realism)."""
        method = method.lower()
        template = self.match(path)
        if template is None:
            return [f"{method.upper()} {path}: path not in Discord's OpenAPI spec"]
        operation = self.spec["paths"][template].get(method)
        if operation is None:
            return [f"{method.upper()} {template}: method not in Discord's OpenAPI spec"]
        response = operation.get("responses", {}).get(str(status))
        if response is None or "application/json" not in response.get("content", {}):
            return []
        pointer = "/paths/{}/{}/responses/{}/content/application~1json/schema".format(
            _pointer_escape(template), method, status
        )
        return [f"response {status} to {method.upper()} {template}: {p}" for p in self._check(pointer, body)]


@functools.lru_cache(maxsize=1)
def default_validator() -> SpecValidator:
    """One shared validator per process: building it parses the 1 MB spec."""
    return SpecValidator()
