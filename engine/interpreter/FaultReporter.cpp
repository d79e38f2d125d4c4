// SPDX-License-Identifier: MIT
// Faults of the interpreted program's local code, and the names messages give objects: the global's
// or variable's name from the source map, else its kind, size and where it was allocated.
#include "engine/interpreter/FaultReporter.hpp"

#include "engine/base/Message.hpp"
#include "engine/interpreter/Arithmetic.hpp"
#include "engine/program/CTypePath.hpp"

#include <algorithm>
#include <cstring>

namespace weft::interpreter {

void FaultReporter::raise(const ThreadState &t, DefectKind kind, const std::string &text, bool performed) {
    m_faultSpot = {};
    std::string where;
    if (!t.stack.empty()) {
        const Frame &f = t.stack.top();
        m_faultSpot = m_program.sourceMap.spotOf(f.function, f.pc);
        where = m_program.sourceMap.format(m_faultSpot);
    }
    m_fault = ProgramFault{kind, t.id, where.empty() ? text : where + ": " + text, performed};
}

void FaultReporter::raiseAt(ThreadId thread, std::uint32_t function, std::uint32_t pc, DefectKind kind,
                            const std::string &text) {
    m_faultSpot = m_program.sourceMap.spotOf(function, pc);
    const std::string where = m_program.sourceMap.format(m_faultSpot);
    m_fault = ProgramFault{kind, thread, (where.empty() ? "" : where + ": ") + text};
}

void FaultReporter::set(ProgramFault fault, program::SourceSpot spot) {
    m_fault = std::move(fault);
    m_faultSpot = spot;
}

ProgramFault FaultReporter::take() { return *std::exchange(m_fault, std::nullopt); }

void FaultReporter::reportRaised(std::string identity) {
    ProgramFault fault = take();
    if (!identity.empty())
        fault.identity = std::move(identity);
    if (fault.location.empty())
        fault.location = m_program.sourceMap.format(m_faultSpot);
    report(std::move(fault));
}

std::string FaultReporter::describe(const MemoryFault &fault) const {
    if (fault.kind == MemoryFaultKind::NullPointer || fault.kind == MemoryFaultKind::InvalidPointer ||
        fault.kind == MemoryFaultKind::TooManyObjects)
        return fault.describe();
    return fault.describe(nameObject(fault.objectKind, fault.objectSize, fault.site));
}

const program::Variable *FaultReporter::localVariable(std::uint64_t site) const {
    const auto function = std::uint32_t(site >> 32), pc = std::uint32_t(site);
    const program::SourceMap &map = m_program.sourceMap;
    if (function >= map.functions.size() || function >= m_program.functions.size() ||
        pc >= m_program.functions[function].code.size())
        return nullptr;
    // The variable whose address the alloca's register holds (a dbg.declare binding).
    const program::FunctionSource &source = map.functions[function];
    const std::uint32_t reg = m_program.functions[function].code[pc].dst;
    for (const program::VariableBinding &b : source.bindings)
        if (b.kind == program::VariableBinding::Kind::Memory && b.where == reg && b.variable < source.locals.size())
            return &source.locals[b.variable];
    return nullptr;
}

std::string FaultReporter::nameObject(ObjectKind kind, std::uint32_t size, std::uint64_t site) const {
    const std::string generic = MemoryFault{.objectKind = kind, .objectSize = size}.genericObject();
    const program::SourceMap &map = m_program.sourceMap;
    if (kind == ObjectKind::Global && site < m_program.globals.size()) {
        const std::string &symbol = m_program.globals[site].name;
        if (symbol.starts_with(".str"))
            return english(MessageKind::StringLiteral, {std::to_string(size)});
        const std::string &name =
            site < map.globals.size() && !map.globals[site].name.empty() ? map.globals[site].name : symbol;
        return english(MessageKind::SizedObject, {std::to_string(size), "'" + name + "'"});
    }
    const auto function = std::uint32_t(site >> 32), pc = std::uint32_t(site);
    if (const program::Variable *v = kind == ObjectKind::Stack ? localVariable(site) : nullptr) {
        const std::string at = map.format(v->declared);
        const std::string name = "'" + v->name + "'", bytes = std::to_string(size);
        return at.empty() ? english(MessageKind::NamedLocal, {bytes, name})
                          : english(MessageKind::NamedLocalAt, {bytes, name, at});
    }
    if (kind == ObjectKind::Stack && function < m_program.functions.size() &&
        pc < m_program.functions[function].code.size() &&
        (m_program.functions[function].code[pc].op == program::Opcode::Call ||
         m_program.functions[function].code[pc].op == program::Opcode::CallIndirect)) {
        const std::string at = map.format(function, pc); // Stepper::storeVarargs
        return at.empty() ? english(MessageKind::VariadicArguments, {std::to_string(size)})
                          : english(MessageKind::VariadicArgumentsAt, {std::to_string(size), at});
    }
    if (kind == ObjectKind::Heap || kind == ObjectKind::Stack) {
        const std::string at = map.format(function, pc);
        if (!at.empty())
            return english(kind == ObjectKind::Heap ? MessageKind::SizedHeapBlockAt : MessageKind::SizedLocalAt,
                           {std::to_string(size), at});
    }
    return generic;
}

std::string FaultReporter::describeAddress(const InterpreterState &state, std::uint64_t address, bool asPointer) const {
    const program::DecodedPointer d = program::decodePointer(address);
    const MemoryObject *object = state.memory.objectAt(address);
    const std::string offset = d.offset ? std::string("+").append(std::to_string(d.offset)) : std::string();
    if (address == program::kAtomicSectionKey)
        return english(MessageKind::AtomicSections, {});
    if (!object || object->kind == ObjectKind::Null)
        return english(MessageKind::AtAddress, {addressText(address)});
    // A global, or a thread's copy of a thread-local one (owned by the thread).
    if (object->kind == ObjectKind::Global && object->site < m_program.globals.size() &&
        (d.owner != program::kGlobalOwner || d.object == object->site + 1)) {
        const auto &names = m_program.sourceMap.globals;
        const bool described = object->site < names.size() && !names[object->site].name.empty();
        const std::string &name = described ? names[object->site].name : m_program.globals[object->site].name;
        // A thread's copy: "T1's 'x'".
        auto owned = [&](const std::string &named) {
            return d.owner == program::kGlobalOwner
                       ? named
                       : english(MessageKind::ThreadsCopy, {std::to_string(d.owner - 1), named});
        };
        if (described) {
            // Named as C writes the part: 'forks[1]', 'q.lock' (a byte inside a scalar: 'x'+2).
            const program::Variable &v = names[object->site];
            const std::string path = program::partPath(m_program.sourceMap, v.typeIndex, v.type, d.offset, !asPointer);
            const std::size_t plus = path.find('+');
            return owned("'" + name + path.substr(0, plus) + "'" +
                         (plus == std::string::npos ? "" : path.substr(plus)));
        }
        return owned("'" + name + "'" + offset);
    }
    // A local variable, named as C writes the part ('forks[1]', 'q.lock'), as a global is.
    if (const program::Variable *v = object->kind == ObjectKind::Stack ? localVariable(object->site) : nullptr) {
        const std::string path = program::partPath(m_program.sourceMap, v->typeIndex, v->type, d.offset, !asPointer);
        const std::size_t plus = path.find('+');
        return "'" + v->name + path.substr(0, plus) + "'" + (plus == std::string::npos ? "" : path.substr(plus));
    }
    if (object->kind == ObjectKind::Heap) {
        const std::string path = heapPath(state, address - d.offset, d.offset, asPointer);
        if (!path.empty()) {
            const std::size_t plus = path.find('+');
            return "'" + path.substr(0, plus) + "'" + (plus == std::string::npos ? "" : path.substr(plus));
        }
    }
    const std::string at = m_program.sourceMap.format(std::uint32_t(object->site >> 32), std::uint32_t(object->site));
    const bool heap = object->kind == ObjectKind::Heap;
    if (at.empty())
        return d.offset
                   ? english(heap ? MessageKind::HeapBlockPart : MessageKind::LocalPart, {std::to_string(d.offset)})
                   : english(heap ? MessageKind::HeapBlock : MessageKind::Local, {});
    if (!d.offset)
        return english(heap ? MessageKind::HeapBlockAt : MessageKind::LocalAt, {at});
    return english(heap ? MessageKind::HeapBlockPartAt : MessageKind::LocalPartAt, {std::to_string(d.offset), at});
}

std::string FaultReporter::heapPath(const InterpreterState &state, std::uint64_t block, std::uint64_t offset,
                                    bool asPointer) const {
    if (asPointer && offset == 0)
        return {}; // a pointer to the block itself: where it was allocated says more than "*q"
    const program::SourceMap &map = m_program.sourceMap;
    // The pointers among the globals' parts, then among the live local variables' parts (every
    // thread's frames, innermost first, as bound at each frame's instruction now), each with its C
    // expression: q, queues[1], s.head, node->next's holder, ... (bounded: the first elements of
    // arrays, a few levels of structs).
    struct PointerPart {
        std::uint64_t address; ///< where the pointer is stored, or 0 when `value` holds it (a register)
        std::uint64_t value;
        std::string expression;
        std::uint32_t target;
        const std::string *spelled; ///< the target's type as written (typedef names kept)
    };
    std::vector<PointerPart> pointers;
    auto collect = [&](auto &&self, std::uint32_t typeIndex, std::uint64_t at, const std::string &expression,
                       int depth) -> void {
        const program::CType *type = map.type(typeIndex);
        if (!type || depth > 4 || pointers.size() >= 256)
            return;
        if (type->kind == program::CType::Kind::Pointer) {
            pointers.push_back({at, 0, expression, type->elementIndex, &type->element});
        } else if (type->kind == program::CType::Kind::Array) {
            const program::CType *element = map.type(type->elementIndex);
            for (std::uint64_t i = 0; element && element->size && i < std::min<std::uint64_t>(type->count, 16); ++i)
                self(self, type->elementIndex, at + i * element->size, expression + "[" + std::to_string(i) + "]",
                     depth + 1);
        } else if (type->kind == program::CType::Kind::Struct || type->kind == program::CType::Kind::Union) {
            for (const program::CField &f : type->fields)
                if (!f.name.empty() && f.bitSize == 0)
                    self(self, f.typeIndex, at + f.offset, expression + "." + f.name, depth + 1);
        }
    };
    for (std::uint32_t g = 0; g < map.globals.size() && g < m_program.globals.size(); ++g)
        if (!map.globals[g].name.empty())
            collect(collect, map.globals[g].typeIndex, program::globalPointer(g), map.globals[g].name, 0);
    for (const ThreadState &thread : state.threads)
        for (auto f = thread.stack.frames.rbegin(); f != thread.stack.frames.rend() && pointers.size() < 256; ++f) {
            if (f->function >= map.functions.size())
                continue;
            const program::FunctionSource &source = map.functions[f->function];
            // The binding in force for each variable: the last one that starts at or before the pc.
            std::vector<const program::VariableBinding *> bound(source.locals.size(), nullptr);
            for (const program::VariableBinding &b : source.bindings)
                if (b.from <= f->pc && b.variable < bound.size() && b.where != program::kNoOperand)
                    bound[b.variable] = &b;
            for (std::size_t v = 0; v < bound.size(); ++v) {
                const program::VariableBinding *b = bound[v];
                if (!b || (!program::isConstant(b->where) && f->base + b->where >= thread.stack.registers.size()))
                    continue;
                const program::Variable &variable = source.locals[v];
                const std::uint64_t raw = program::isConstant(b->where) ? m_program.constant(b->where)
                                                                        : thread.stack.registers[f->base + b->where];
                if (b->kind == program::VariableBinding::Kind::Memory) {
                    collect(collect, variable.typeIndex, raw, variable.name, 0);
                } else if (const program::CType *type = map.type(variable.typeIndex);
                           type && type->kind == program::CType::Kind::Pointer && pointers.size() < 256) {
                    pointers.push_back({0, raw, variable.name, type->elementIndex, &type->element});
                }
            }
        }
    for (const PointerPart &p : pointers) {
        std::uint64_t value = p.value;
        if (p.address) {
            MemoryFault fault;
            const std::uint8_t *bytes = state.memory.read(p.address, 8, 1, fault);
            if (!bytes)
                continue;
            std::memcpy(&value, bytes, 8);
        }
        const program::CType *target = map.type(p.target);
        if (value != block || !target || target->size == 0)
            continue;
        // p[i] then the part of the target type the rest of the offset falls in.
        const std::uint64_t index = offset / target->size;
        const std::string part = program::partPath(map, p.target, *p.spelled, offset % target->size, !asPointer);
        const bool simple = p.expression.find_first_of(".[") == std::string::npos;
        const std::string base = simple ? p.expression : "(" + p.expression + ")";
        if (index > 0)
            return p.expression + "[" + std::to_string(index) + "]" + part;
        if (!part.empty() && part[0] == '.')
            return p.expression + "->" + part.substr(1);
        if (!part.empty() && part[0] == '[')
            return "(*" + base + ")" + part;
        return "*" + base + part; // the target itself ("*m"), or a byte inside it ("*m+2")
    }
    return {};
}

Continuation FaultReporter::memoryFault(const ThreadState &t, const MemoryFault &fault) {
    if (fault.kind == MemoryFaultKind::Exhausted) {
        MemoryFault named = fault;
        named.objectSize = std::uint32_t(m_options.maxMemory >> 20);
        raise(t, DefectKind::ResourceLimit, named.describe());
        return Continuation::Fault;
    }
    raise(t, DefectKind::UndefinedBehaviour, describe(fault));
    return Continuation::Fault;
}

bool FaultReporter::holdsPointer(const InterpreterState &state, std::uint64_t address) const {
    const program::DecodedPointer d = program::decodePointer(address);
    const MemoryObject *object = state.memory.objectAt(address);
    if (!object || d.offset < 0)
        return false;
    const auto &globals = m_program.sourceMap.globals;
    if (object->kind == ObjectKind::Global && object->site < globals.size() && !globals[object->site].name.empty())
        return program::startsPointerPart(m_program.sourceMap, globals[object->site].typeIndex,
                                          std::uint64_t(d.offset));
    if (const program::Variable *v = object->kind == ObjectKind::Stack ? localVariable(object->site) : nullptr)
        return program::startsPointerPart(m_program.sourceMap, v->typeIndex, std::uint64_t(d.offset));
    return false;
}

std::string FaultReporter::describeReads(const InterpreterState &state, const std::vector<SpinRead> &reads) const {
    std::vector<std::string> values;
    std::vector<std::uint64_t> named;
    for (const SpinRead &r : reads) {
        if (!r.shared || std::find(named.begin(), named.end(), r.address) != named.end())
            continue;
        named.push_back(r.address);
        // A pointer variable's value is named as the variables pane names it ("→ 'x'"), not as the
        // number that encodes it.
        const std::string value = r.trylock ? english(MessageKind::LockedBy, {std::to_string(r.value)})
                                  : r.value != 0 && r.size == 8 && holdsPointer(state, r.address)
                                      ? english(MessageKind::PointsTo, {describeAddress(state, r.value, true)})
                                      : std::to_string(signExtend(r.value, r.size * 8));
        values.push_back(english(MessageKind::ReadValue, {describeAddress(state, r.address), value}));
    }
    return english(MessageKind::ReadValues, std::move(values));
}

} // namespace weft::interpreter
