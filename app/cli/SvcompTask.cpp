// SPDX-License-Identifier: MIT
// Parsed with libyaml (Debian libyaml-dev): its document API gives every node with its line, so a
// wrong value is reported where it is.
#include "app/cli/SvcompTask.hpp"

#include <yaml.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>

namespace weft::cli {

namespace {

namespace fs = std::filesystem;

Unexpected problem(const std::string &file, unsigned line, std::string text) {
    Diagnostic d = Diagnostic::error(std::move(text));
    d.file = file;
    d.line = line;
    return Unexpected(std::move(d));
}

std::optional<std::string> readWhole(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return std::nullopt;
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

/// A loaded YAML document and lookups in it (node pointers stay valid while it lives).
class YamlDocument {
public:
    YamlDocument() = default;
    YamlDocument(const YamlDocument &) = delete;
    YamlDocument &operator=(const YamlDocument &) = delete;
    ~YamlDocument() {
        if (m_loaded)
            yaml_document_delete(&m_document);
    }

    /// Loads `text`; on a syntax error returns false with `line` (1-based) and `why`.
    bool load(const std::string &text, unsigned &line, std::string &why) {
        yaml_parser_t parser;
        yaml_parser_initialize(&parser);
        yaml_parser_set_input_string(&parser, reinterpret_cast<const unsigned char *>(text.data()), text.size());
        m_loaded = yaml_parser_load(&parser, &m_document) != 0;
        if (!m_loaded) {
            line = unsigned(parser.problem_mark.line) + 1;
            why = parser.problem ? parser.problem : "malformed YAML";
        }
        yaml_parser_delete(&parser);
        return m_loaded;
    }

    yaml_node_t *root() { return yaml_document_get_root_node(&m_document); }
    yaml_node_t *node(int index) { return yaml_document_get_node(&m_document, index); }

    /// The value of `key` in mapping `map`, or nullptr.
    yaml_node_t *member(yaml_node_t *map, const std::string &key) {
        if (!map || map->type != YAML_MAPPING_NODE)
            return nullptr;
        for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top; ++p)
            if (yaml_node_t *k = node(p->key); k && k->type == YAML_SCALAR_NODE && scalar(k) == key)
                return node(p->value);
        return nullptr;
    }

    /// The items of a sequence node (a scalar counts as a sequence of itself).
    std::vector<yaml_node_t *> items(yaml_node_t *n) {
        std::vector<yaml_node_t *> out;
        if (n && n->type == YAML_SEQUENCE_NODE) {
            for (yaml_node_item_t *i = n->data.sequence.items.start; i < n->data.sequence.items.top; ++i)
                out.push_back(node(*i));
        } else if (n) {
            out.push_back(n);
        }
        return out;
    }

    static std::string scalar(const yaml_node_t *n) {
        return std::string(reinterpret_cast<const char *>(n->data.scalar.value), n->data.scalar.length);
    }
    static unsigned lineOf(const yaml_node_t *n) { return unsigned(n->start_mark.line) + 1; }

private:
    yaml_document_t m_document{};
    bool m_loaded = false;
};

struct NamedProperty {
    const char *name;
    SvcompProperty property;
};

constexpr NamedProperty kNames[] = {
    {"unreach-call", SvcompProperty::UnreachCall},     {"no-data-race", SvcompProperty::NoDataRace},
    {"valid-memsafety", SvcompProperty::ValidMemsafety}, {"termination", SvcompProperty::Termination},
    {"no-overflow", SvcompProperty::NoOverflow},       {"valid-memcleanup", SvcompProperty::ValidMemcleanup},
};

std::optional<SvcompProperty> propertyNamed(const std::string &name) {
    for (const NamedProperty &n : kNames)
        if (name == n.name)
            return n.property;
    return std::nullopt;
}

/// A property file's property: from its formula when it can be read, else from its name
/// (tasks copied without SV-COMP's properties folder name a file that is not there).
Expected<SvcompProperty> propertyOfFile(const std::string &path, const std::string &reportAs, unsigned line) {
    if (const auto text = readWhole(path)) {
        if (const auto p = propertyOfSpecification(*text))
            return *p;
        return problem(reportAs, line, "property file '" + path + "' states no property Weft knows");
    }
    if (const auto p = propertyNamed(fs::path(path).stem().string()))
        return *p;
    return problem(reportAs, line, "cannot read property file '" + path + "'");
}

} // namespace

std::string svcompPropertyName(SvcompProperty p) {
    for (const NamedProperty &n : kNames)
        if (n.property == p)
            return n.name;
    return "?";
}

std::optional<SvcompProperty> propertyOfSpecification(const std::string &text) {
    if (text.find("call(reach_error())") != std::string::npos || text.find("call(__VERIFIER_error())") != std::string::npos)
        return SvcompProperty::UnreachCall;
    if (text.find("data-race") != std::string::npos)
        return SvcompProperty::NoDataRace;
    if (text.find("valid-free") != std::string::npos || text.find("valid-deref") != std::string::npos ||
        text.find("valid-memtrack") != std::string::npos)
        return SvcompProperty::ValidMemsafety;
    if (text.find("valid-memcleanup") != std::string::npos)
        return SvcompProperty::ValidMemcleanup;
    if (text.find("overflow") != std::string::npos)
        return SvcompProperty::NoOverflow;
    if (text.find("F end") != std::string::npos)
        return SvcompProperty::Termination;
    return std::nullopt;
}

Expected<SvcompProperty> parseSvcompProperty(const std::string &nameOrFile) {
    if (const auto p = propertyNamed(nameOrFile))
        return *p;
    if (nameOrFile.ends_with(".prp"))
        return propertyOfFile(nameOrFile, "weft", 0);
    return problem("weft", 0,
                   "unknown property '" + nameOrFile +
                       "' (expected unreach-call, no-data-race, valid-memsafety or a FILE.prp)");
}

Expected<SvcompTask> readSvcompTask(const std::string &path) {
    const auto text = readWhole(path);
    if (!text)
        return problem(path, 0, "cannot read the task file");
    YamlDocument doc;
    unsigned line = 0;
    std::string why;
    if (!doc.load(*text, line, why))
        return problem(path, line, "malformed YAML: " + why);
    yaml_node_t *root = doc.root();
    if (!root || root->type != YAML_MAPPING_NODE)
        return problem(path, root ? YamlDocument::lineOf(root) : 1, "not an SV-COMP task definition (expected a mapping)");
    auto scalarOf = [&](yaml_node_t *n, const char *what) -> Expected<std::string> {
        if (!n || n->type != YAML_SCALAR_NODE)
            return problem(path, n ? YamlDocument::lineOf(n) : 1, std::string(what) + " must be a single value");
        return YamlDocument::scalar(n);
    };

    yaml_node_t *version = doc.member(root, "format_version");
    if (!version)
        return problem(path, 1, "missing 'format_version' (SV-COMP task definitions have format_version: '2.0')");
    auto v = scalarOf(version, "format_version");
    if (!v)
        return Unexpected(v.error());
    if (!v->starts_with("1.") && *v != "2.0")
        return problem(path, YamlDocument::lineOf(version), "unsupported format_version '" + *v + "' (Weft reads 1.x and 2.0)");

    SvcompTask task;
    task.taskFile = path;
    const fs::path folder = fs::path(path).parent_path();
    auto resolve = [&](const std::string &file) { return (folder / file).lexically_normal().string(); };

    yaml_node_t *inputs = doc.member(root, "input_files");
    if (!inputs)
        return problem(path, 1, "missing 'input_files'");
    for (yaml_node_t *n : doc.items(inputs)) {
        auto file = scalarOf(n, "each of input_files");
        if (!file)
            return Unexpected(file.error());
        task.inputFiles.push_back(resolve(*file));
        if (!fs::exists(task.inputFiles.back()))
            return problem(path, YamlDocument::lineOf(n), "input file '" + task.inputFiles.back() + "' does not exist");
    }
    if (task.inputFiles.empty())
        return problem(path, YamlDocument::lineOf(inputs), "'input_files' lists no file");

    yaml_node_t *properties = doc.member(root, "properties");
    if (!properties || properties->type != YAML_SEQUENCE_NODE)
        return problem(path, properties ? YamlDocument::lineOf(properties) : 1, "missing 'properties' (a list)");
    for (yaml_node_t *entry : doc.items(properties)) {
        yaml_node_t *file = doc.member(entry, "property_file");
        if (!file)
            return problem(path, YamlDocument::lineOf(entry), "a property without 'property_file'");
        auto name = scalarOf(file, "property_file");
        if (!name)
            return Unexpected(name.error());
        SvcompTaskProperty p;
        p.propertyFile = resolve(*name);
        auto kind = propertyOfFile(p.propertyFile, path, YamlDocument::lineOf(file));
        if (!kind)
            return Unexpected(kind.error());
        p.property = *kind;
        if (yaml_node_t *expected = doc.member(entry, "expected_verdict")) {
            auto verdict = scalarOf(expected, "expected_verdict");
            if (!verdict)
                return Unexpected(verdict.error());
            if (*verdict != "true" && *verdict != "false")
                return problem(path, YamlDocument::lineOf(expected),
                               "expected_verdict must be true or false, not '" + *verdict + "'");
            p.expectedVerdict = *verdict == "true";
        }
        task.properties.push_back(std::move(p));
    }
    if (task.properties.empty())
        return problem(path, YamlDocument::lineOf(properties), "'properties' lists no property");

    if (yaml_node_t *options = doc.member(root, "options")) {
        if (yaml_node_t *language = doc.member(options, "language")) {
            auto l = scalarOf(language, "language");
            if (!l)
                return Unexpected(l.error());
            task.language = *l;
        }
        if (yaml_node_t *model = doc.member(options, "data_model")) {
            auto m = scalarOf(model, "data_model");
            if (!m)
                return Unexpected(m.error());
            if (*m != "ILP32" && *m != "LP64")
                return problem(path, YamlDocument::lineOf(model), "data_model must be ILP32 or LP64, not '" + *m + "'");
            task.dataModel = *m;
        }
    }
    return task;
}

} // namespace weft::cli
