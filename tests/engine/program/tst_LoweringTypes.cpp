// SPDX-License-Identifier: MIT
// Tests LoweringTypes: the source map's type table built from the debug info (typedefs and
// qualifiers stripped with the spelled name kept, fields with their offsets and bitfields,
// multi-dimensional arrays as arrays of arrays, enums, self-referential structs through pointers,
// shared entries, types nested deeper than the lowering recurses).
#include "tests/engine/interpreter/CProgram.hpp"

#include <QtTest>

#include <algorithm>

using namespace weft;
using namespace weft::program;

namespace {

const char *const kProgram = R"(#include <pthread.h>
typedef struct node { int value; struct node *next; } node_t;
struct pair { const char tag; volatile long count; };
struct bits { unsigned low : 3; int high : 5; unsigned char after; };
enum mode { OFF, ON = 4 };
node_t head;
const struct pair pairs[2] = {{'a', 1}, {'b', 2}};
int grid[2][3];
struct bits flags;
enum mode current = ON;
union either { int i; float f; } u;
int main(void) {
    struct pair local = {'c', 3};
    head.value = local.count + grid[1][2] + flags.low + pairs[0].tag + current + u.i;
    return 0;
}
)";

const Variable *findVariable(const std::vector<Variable> &vars, const std::string &name) {
    auto it =
        std::find_if(vars.begin(), vars.end(), [&](const Variable &v) { return v.name == name; });
    return it == vars.end() ? nullptr : &*it;
}

} // namespace

class tst_LoweringTypes : public QObject {
    Q_OBJECT
private slots:
    void init() { QVERIFY(m_sources.reset()); }
    void structsHaveFieldsAndTypedefsAreStripped();
    void arraysNestByDimension();
    void bitfieldsEnumsAndUnions();
    void deepTypesAreSpelledShort();

private:
    const CType &typeOf(const Program &p, const std::string &global) {
        const Variable *v = findVariable(p.sourceMap.globals, global);
        if (!v || !p.sourceMap.type(v->typeIndex))
            qFatal("no type for %s", global.c_str());
        return *p.sourceMap.type(v->typeIndex);
    }

    testing::ScratchSources m_sources;
};

void tst_LoweringTypes::structsHaveFieldsAndTypedefsAreStripped() {
    const Program p = m_sources.load("types.c", kProgram);
    const Variable *head = findVariable(p.sourceMap.globals, "head");
    QVERIFY(head);
    QCOMPARE(head->type, std::string("node_t")); // spelled as declared
    const CType &node = typeOf(p, "head");       // shaped as the struct it names
    QCOMPARE(node.kind, CType::Kind::Struct);
    QCOMPARE(node.name, std::string("struct node"));
    QCOMPARE(node.size, 16u);
    QCOMPARE(node.fields.size(), 2u);
    QCOMPARE(node.fields[0].name, std::string("value"));
    QCOMPARE(node.fields[0].type, std::string("int"));
    QCOMPARE(node.fields[0].offset, 0u);
    QCOMPARE(p.sourceMap.type(node.fields[0].typeIndex)->kind, CType::Kind::Scalar);
    QCOMPARE(node.fields[1].name, std::string("next"));
    QCOMPARE(node.fields[1].type, std::string("struct node *"));
    QCOMPARE(node.fields[1].offset, 8u);
    QCOMPARE(p.sourceMap.type(node.fields[1].typeIndex)->kind,
             CType::Kind::Pointer); // not followed

    // const and volatile are stripped from the shape, kept in the fields' spelling; a local of the
    // same struct shares the entry.
    const Variable *local = findVariable(p.sourceMap.functions[p.mainFunction].locals, "local");
    QVERIFY(local);
    const CType &pair = *p.sourceMap.type(local->typeIndex);
    QCOMPARE(pair.name, std::string("struct pair"));
    QCOMPARE(pair.fields[0].type, std::string("const char"));
    QCOMPARE(p.sourceMap.type(pair.fields[0].typeIndex)->encoding, CType::Encoding::SignedChar);
    QCOMPARE(pair.fields[1].type, std::string("volatile long"));
    QCOMPARE(pair.fields[1].offset, 8u);
    QCOMPARE(typeOf(p, "pairs").elementIndex, local->typeIndex);
}

void tst_LoweringTypes::arraysNestByDimension() {
    const Program p = m_sources.load("types.c", kProgram);
    const CType &grid = typeOf(p, "grid");
    QCOMPARE(grid.kind, CType::Kind::Array);
    QCOMPARE(grid.name, std::string("int [2][3]"));
    QCOMPARE(grid.count, 2u);
    QCOMPARE(grid.size, 24u);
    QCOMPARE(grid.element, std::string("int [3]"));
    const CType &row = *p.sourceMap.type(grid.elementIndex);
    QCOMPARE(row.kind, CType::Kind::Array);
    QCOMPARE(row.count, 3u);
    QCOMPARE(row.size, 12u);
    QCOMPARE(row.element, std::string("int"));
    QCOMPARE(p.sourceMap.type(row.elementIndex)->size, 4u);

    const CType &pairs = typeOf(p, "pairs");
    QCOMPARE(pairs.count, 2u);
    QCOMPARE(pairs.element, std::string("const struct pair"));
    QCOMPARE(pairs.size, 32u);
}

void tst_LoweringTypes::bitfieldsEnumsAndUnions() {
    const Program p = m_sources.load("types.c", kProgram);
    const CType &bits = typeOf(p, "flags");
    QCOMPARE(bits.fields.size(), 3u);
    QCOMPARE(bits.fields[0].bitSize, 3u);
    QCOMPARE(bits.fields[0].bitOffset, 0u);
    QCOMPARE(bits.fields[1].bitSize, 5u);
    QCOMPARE(bits.fields[1].offset, 0u);
    QCOMPARE(bits.fields[1].bitOffset, 3u);
    QCOMPARE(bits.fields[2].bitSize, 0u); // an ordinary field after them
    QCOMPARE(bits.fields[2].offset, 1u);

    const CType &mode = typeOf(p, "current");
    QCOMPARE(mode.kind, CType::Kind::Enum);
    QCOMPARE(mode.size, 4u);
    QCOMPARE(mode.enumerators.size(), 2u);
    QCOMPARE(mode.enumerators[1].first, std::string("ON"));
    QCOMPARE(mode.enumerators[1].second, 4);

    const CType &either = typeOf(p, "u");
    QCOMPARE(either.kind, CType::Kind::Union);
    QCOMPARE(either.fields.size(), 2u);
    QCOMPARE(either.fields[1].offset, 0u);
    QCOMPARE(p.sourceMap.type(either.fields[1].typeIndex)->encoding, CType::Encoding::Float);
}

void tst_LoweringTypes::deepTypesAreSpelledShort() {
    // 100,000 pointer levels: spelling the type recursed once per level and overflowed the stack.
    const Program p = m_sources.load("deep.c", "int " + std::string(100'000, '*') + " p;\n"
                                                "int main(void) { return p != 0; }\n");
    const Variable *v = findVariable(p.sourceMap.globals, "p");
    QVERIFY(v);
    QVERIFY2(v->type.starts_with("... *") && v->type.ends_with("**") && v->type.size() < 64, v->type.c_str());
    QCOMPARE(typeOf(p, "p").kind, CType::Kind::Pointer);
}

QTEST_MAIN(tst_LoweringTypes)
#include "tst_LoweringTypes.moc"
