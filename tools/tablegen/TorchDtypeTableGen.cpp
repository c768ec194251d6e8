//===- TorchDtypeTableGen.cpp - data files to C++ tables -----------------===//
//
// Reads checker/data/api.json and checker/data/autocast.json and writes one
// .inc file of X-macro rows that checker/analysis/ApiModel.cpp includes. Every
// problem names the file and the field, and exits with status 1.
//
//===----------------------------------------------------------------------===//

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <cctype>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

using nlohmann::json;

namespace {

[[noreturn]] void fail(const std::string &File, const std::string &Field,
                       const std::string &Msg) {
  std::cerr << "torchdtype-tablegen: " << File << ": field '" << Field
            << "': " << Msg << "\n";
  std::exit(1);
}

json load(const std::string &File) {
  std::ifstream In(File);
  if (!In)
    fail(File, "", "cannot open file");
  try {
    return json::parse(In);
  } catch (const json::parse_error &E) {
    std::cerr << "torchdtype-tablegen: " << File << ": " << E.what() << "\n";
    std::exit(1);
  }
}

const json &member(const json &Obj, const std::string &File,
                   const std::string &Path, const std::string &Key,
                   json::value_t Type) {
  std::string Field = Path.empty() ? Key : Path + "." + Key;
  if (!Obj.is_object() || !Obj.contains(Key))
    fail(File, Field, "missing");
  const json &V = Obj.at(Key);
  if (V.type() != Type)
    fail(File, Field,
         std::string("has the wrong type (") + V.type_name() + ")");
  return V;
}

std::string checkedEnum(const json &V, const std::string &File,
                        const std::string &Field,
                        const std::map<std::string, std::string> &Allowed) {
  if (!V.is_string())
    fail(File, Field, "must be a string");
  auto It = Allowed.find(V.get<std::string>());
  if (It == Allowed.end()) {
    std::string List;
    for (const auto &[K, _] : Allowed)
      List += (List.empty() ? "" : ", ") + K;
    fail(File, Field,
         "unknown value '" + V.get<std::string>() +
             "' (expected one of: " + List + ")");
  }
  return It->second;
}

/// S as a C++ string literal (quotes and backslashes escaped).
std::string quote(const std::string &S) {
  std::string Out = "\"";
  for (char C : S) {
    if (C == '"' || C == '\\')
      Out += '\\';
    Out += C;
  }
  return Out + "\"";
}
std::string quote(const json &S) { return quote(S.get<std::string>()); }

/// An object of api.json mapping names (beginning with Prefix) to lists of
/// op names, as Macro(name, op) rows, one per op.
void emitOpLists(const json &Api, const std::string &File,
                 const std::string &Key, const std::string &Macro,
                 const std::string &Prefix, const std::string &Shape,
                 std::ostream &Out) {
  for (const auto &[Name, Inner] :
       member(Api, File, "", Key, json::value_t::object).items()) {
    if (Name == "_doc")
      continue;
    if (Name.rfind(Prefix, 0) != 0 || !Inner.is_array() || Inner.empty())
      fail(File, Key + "." + Name, Shape);
    for (const auto &Op : Inner) {
      if (!Op.is_string() || Op.get<std::string>().empty())
        fail(File, Key + "." + Name, "must hold op names");
      Out << Macro << "(" << quote(Name) << ", " << quote(Op) << ")\n";
    }
  }
}

void emitApi(const std::string &File, std::ostream &Out) {
  json Api = load(File);
  static const std::map<std::string, std::string> FactoryRules = {
      {"default_float", "DefaultFloat"},
      {"default_float_scalar", "DefaultFloatScalar"},
      {"from_fill", "FromFill"},
      {"from_scalars", "FromScalars"},
      {"from_data", "FromData"},
      {"long", "Long"},
      {"like", "Like"}};
  static const std::map<std::string, std::string> ConversionRules = {
      {"to", "To"},
      {"dtype_arg", "DTypeArg"},
      {"like_arg", "LikeArg"},
      {"device_cpu", "DeviceCPU"},
      {"device_cuda", "DeviceCUDA"},
      {"backend_arg", "BackendArg"}};
  static const std::map<std::string, std::string> OpRules = {
      {"preserve", "Preserve"},
      {"reduce", "Reduce"},
      {"promote", "Promote"},
      {"bool_result", "BoolResult"},
      {"long_result", "LongResult"},
      {"list_promote", "ListPromote"},
      {"real_of_complex", "RealOfComplex"}};
  static const std::map<std::string, std::string> ModuleRules = {
      {"float", "FloatInput"}, {"index", "IndexInput"}};

  Out << "#ifdef TD_FACTORY\n";
  for (const auto &[Name, Rule] :
       member(Api, File, "", "factories", json::value_t::object).items())
    Out << "TD_FACTORY(" << quote(Name) << ", "
        << checkedEnum(Rule, File, "factories." + Name, FactoryRules) << ")\n";
  Out << "#endif\n#ifdef TD_CONVERSION\n";
  for (const auto &[Name, Rule] :
       member(Api, File, "", "conversions", json::value_t::object).items())
    Out << "TD_CONVERSION(" << quote(Name) << ", "
        << checkedEnum(Rule, File, "conversions." + Name, ConversionRules)
        << ")\n";
  Out << "#endif\n#ifdef TD_TENSOR_OP\n";
  std::set<std::string> Seen;
  for (const auto &[Rule, Names] :
       member(Api, File, "", "tensor_ops", json::value_t::object).items()) {
    std::string Id =
        checkedEnum(json(Rule), File, "tensor_ops." + Rule, OpRules);
    if (!Names.is_array())
      fail(File, "tensor_ops." + Rule, "must be an array of op names");
    for (const auto &N : Names) {
      if (!N.is_string())
        fail(File, "tensor_ops." + Rule, "must hold strings only");
      if (!Seen.insert(N.get<std::string>()).second)
        fail(File, "tensor_ops." + Rule,
             "op '" + N.get<std::string>() + "' is listed twice");
      Out << "TD_TENSOR_OP(" << quote(N.get<std::string>()) << ", " << Id
          << ")\n";
    }
  }
  Out << "#endif\n#ifdef TD_SAME_DTYPE_OP\n";
  for (const auto &[Name, Ops] :
       member(Api, File, "", "same_dtype_ops", json::value_t::object).items()) {
    if (Name == "_doc")
      continue;
    std::string Field = "same_dtype_ops." + Name;
    const json &Operands =
        member(Ops, File, Field, "operands", json::value_t::array);
    if (Operands.empty())
      fail(File, Field + ".operands", "must list operand positions");
    unsigned Mask = 0;
    for (const auto &P : Operands) {
      if (!P.is_number_unsigned() || P.get<unsigned>() > 7)
        fail(File, Field + ".operands",
             "operand positions are integers from 0 to 7");
      Mask |= 1u << P.get<unsigned>();
    }
    if (Seen.count(Name))
      fail(File, Field, "op is also listed in tensor_ops");
    // A list operand: bit 8 says the one position given holds a list of
    // tensors whose elements need one dtype.
    if (Ops.contains("list")) {
      if (!Ops.at("list").is_boolean() || Operands.size() != 1)
        fail(File, Field + ".list",
             "must be true or false, with one operand position");
      if (Ops.at("list").get<bool>())
        Mask |= 1u << 8;
    }
    Out << "TD_SAME_DTYPE_OP(" << quote(Name) << ", " << Mask << ")\n";
    const json &Kb = member(Ops, File, Field, "kb", json::value_t::object);
    if (Kb.empty())
      fail(File, Field + ".kb", "must name a record for at least one version");
    for (const auto &[Ver, Id] : Kb.items()) {
      // null: from this version on the op is not judged so.
      if (!Id.is_null() &&
          (!Id.is_string() || Id.get<std::string>().rfind("pytorch/", 0) != 0))
        fail(File, Field + ".kb." + Ver,
             "must be a record id 'pytorch/...' or null");
      Out << "TD_OP_KB(" << quote(Name) << ", " << quote(Ver) << ", "
          << quote(Id.is_null() ? std::string() : Id.get<std::string>())
          << ")\n";
    }
  }
  Out << "#endif\n#ifdef TD_MODULE\n";
  for (const auto &[Name, Info] :
       member(Api, File, "", "modules", json::value_t::object).items()) {
    if (Name == "_doc")
      continue;
    std::string Field = "modules." + Name;
    Out << "TD_MODULE(" << quote(Name) << ", "
        << checkedEnum(
               member(Info, File, Field, "input", json::value_t::string), File,
               Field + ".input", ModuleRules)
        << ", " << quote(member(Info, File, Field, "op", json::value_t::string))
        << ", " << quote(member(Info, File, Field, "kb", json::value_t::string))
        << ", "
        << quote(Info.contains("integer_kb")
                     ? member(Info, File, Field, "integer_kb",
                              json::value_t::string)
                     : json(""))
        << ", 0";
    static const std::map<std::string, std::string> FloatDTypes = {
        {"Half", "Half"}, {"BFloat16", "BFloat16"}, {"Double", "Double"}};
    if (Info.contains("mixed_input"))
      for (const auto &D :
           member(Info, File, Field, "mixed_input", json::value_t::array)) {
        if (!D.is_string())
          fail(File, Field + ".mixed_input", "must hold dtype names");
        Out << " | (1u << unsigned(DType::"
            << checkedEnum(D, File, Field + ".mixed_input", FloatDTypes)
            << "))";
      }
    Out << ", "
        << quote(Info.contains("mixed_input_since")
                     ? member(Info, File, Field, "mixed_input_since",
                              json::value_t::string)
                     : json(""))
        << ", "
        << (Info.contains("cpu_only") && member(Info, File, Field, "cpu_only",
                                                json::value_t::boolean)
                                             .get<bool>()
                ? "true"
                : "false")
        << ", ";
    // The argument position of a hidden state that must have the
    // parameters' dtype too (GRU's hx), or -1.
    if (Info.contains("state_input")) {
      const json &P = Info["state_input"];
      if (!P.is_number_unsigned() || P.get<unsigned>() < 1 ||
          P.get<unsigned>() > 8)
        fail(File, Field + ".state_input",
             "must be an argument position from 1 to 8");
      Out << P.get<unsigned>();
    } else {
      Out << "-1";
    }
    Out << ")\n";
  }
  Out << "#endif\n#ifdef TD_LOSS_MODULE\n";
  for (const auto &[Name, Op] :
       member(Api, File, "", "loss_modules", json::value_t::object).items()) {
    if (Name == "_doc")
      continue;
    if (!Op.is_string())
      fail(File, "loss_modules." + Name, "must be an op name");
    Out << "TD_LOSS_MODULE(" << quote(Name) << ", " << quote(Op) << ")\n";
  }
  static const std::map<std::string, std::string> LossRules = {
      {"class_index", "ClassIndex"},
      {"class_index_or_probabilities", "ClassIndexOrProbabilities"},
      {"same_dtype", "SameDType"},
      {"floating_target", "FloatingTarget"}};
  Out << "#endif\n#ifdef TD_LOSS\n";
  for (const auto &[Name, Rule] :
       member(Api, File, "", "losses", json::value_t::object).items()) {
    if (Name == "_doc")
      continue;
    Out << "TD_LOSS(" << quote(Name) << ", "
        << checkedEnum(Rule, File, "losses." + Name, LossRules) << ")\n";
  }
  // The objects of "name": "text" pairs, each pair as MACRO(name, text);
  // Valid says whether a pair is well formed, Why what it must be.
  auto EmitTextMap = [&](const char *Key, const char *Macro, auto Valid,
                         const char *Why) {
    Out << "#endif\n#ifdef " << Macro << "\n";
    for (const auto &[Name, Text] :
         member(Api, File, "", Key, json::value_t::object).items()) {
      if (Name == "_doc")
        continue;
      if (!Text.is_string() || Text.get<std::string>().empty() ||
          !Valid(Name, Text.get<std::string>()))
        fail(File, std::string(Key) + "." + Name, Why);
      Out << Macro << "(" << quote(Name) << ", " << quote(Text) << ")\n";
    }
  };
  auto Any = [](const std::string &, const std::string &) { return true; };
  auto IsOperator = [](const std::string &Name, const std::string &) {
    return Name.rfind("operator", 0) == 0;
  };
  EmitTextMap("activation_modules", "TD_ACTIVATION_MODULE", Any,
              "must be an op name");
  EmitTextMap("operator_ops", "TD_OPERATOR_OP", IsOperator,
              "must map an operator to the op it calls");
  EmitTextMap("functional_ops", "TD_FUNCTIONAL_OP", Any,
              "must map a function to the aten op it calls");
  EmitTextMap("wrapper_namespaces", "TD_WRAPPER_NAMESPACE", Any,
              "must map a namespace to the prefix of the aten ops it wraps");
  EmitTextMap(
      "reverse_scalar_operators", "TD_REVERSE_SCALAR_OP",
      [](const std::string &Name, const std::string &Op) {
        return Name.rfind("operator", 0) == 0 && Op.back() == '_';
      },
      "must map an operator to the in-place op it runs");
  Out << "#endif\n#ifdef TD_AUTOCAST_COMPOSITE\n";
  emitOpLists(Api, File, "autocast_composites", "TD_AUTOCAST_COMPOSITE", "",
              "must list the ops it runs inside", Out);
  Out << "#endif\n#ifdef TD_OPTIMIZER_STEP\n";
  emitOpLists(Api, File, "optimizer_steps", "TD_OPTIMIZER_STEP",
              "torch::optim::",
              "must map a torch::optim class to the ops its step() runs", Out);
  Out << "#endif\n#ifdef TD_SOURCE_DTYPE_OP\n";
  for (const auto &[Name, Info] :
       member(Api, File, "", "source_dtype_ops", json::value_t::object)
           .items()) {
    if (Name == "_doc")
      continue;
    std::string Field = "source_dtype_ops." + Name;
    unsigned Mask = 0;
    for (const auto &P :
         member(Info, File, Field, "sources", json::value_t::array)) {
      if (!P.is_number_unsigned() || P.get<unsigned>() < 1 ||
          P.get<unsigned>() > 7)
        fail(File, Field + ".sources",
             "source positions are integers from 1 to 7");
      Mask |= 1u << P.get<unsigned>();
    }
    if (!Mask)
      fail(File, Field + ".sources", "must list source positions");
    int IndexList = -1;
    if (Info.contains("index_list")) {
      const json &IL = Info.at("index_list");
      if (!IL.is_number_unsigned() || IL.get<unsigned>() > 7)
        fail(File, Field + ".index_list", "must be a position from 0 to 7");
      IndexList = IL.get<int>();
    }
    const json &Kb = member(Info, File, Field, "kb", json::value_t::string);
    if (Kb.get<std::string>().rfind("pytorch/", 0) != 0)
      fail(File, Field + ".kb", "must be a record id 'pytorch/...'");
    for (const auto &[Key, _] : Info.items())
      if (Key != "sources" && Key != "index_list" && Key != "kb")
        fail(File, Field + "." + Key, "unknown field");
    Out << "TD_SOURCE_DTYPE_OP(" << quote(Name) << ", " << Mask << ", "
        << IndexList << ", " << quote(Kb) << ")\n";
  }
  Out << "#endif\n#ifdef TD_FILL_VALUE_OP\n";
  for (const auto &[Name, Pos] :
       member(Api, File, "", "fill_value_ops", json::value_t::object).items()) {
    if (Name == "_doc")
      continue;
    std::string Field = "fill_value_ops." + Name;
    if (!Pos.is_array() || Pos.size() != 2 || !Pos[0].is_number_integer() ||
        !Pos[1].is_number_unsigned() || Pos[0].get<int>() < -1 ||
        Pos[0].get<int>() > 7 || Pos[1].get<unsigned>() > 7 ||
        Pos[0].get<int>() == Pos[1].get<int>())
      fail(File, Field,
           "must be [self, value]: self -1 (the result) or 0 to 7, value 0 "
           "to 7, distinct");
    Out << "TD_FILL_VALUE_OP(" << quote(Name) << ", " << Pos[0].get<int>()
        << ", " << Pos[1].get<unsigned>() << ")\n";
  }
  static const std::map<std::string, std::string> OutRules = {{"input", "I"},
                                                              {"long", "L"}};
  Out << "#endif\n#ifdef TD_OUT_DTYPE_OP\n";
  for (const auto &[Name, Outs] :
       member(Api, File, "", "out_dtype_ops", json::value_t::object).items()) {
    if (Name == "_doc")
      continue;
    std::string Field = "out_dtype_ops." + Name;
    if (!Outs.is_array() || Outs.empty() || Outs.size() > 4)
      fail(File, Field, "must list one to four out rules");
    std::string Rules;
    for (const auto &R : Outs)
      Rules += checkedEnum(R, File, Field, OutRules);
    Out << "TD_OUT_DTYPE_OP(" << quote(Name) << ", " << quote(Rules) << ")\n";
  }
  Out << "#endif\n#ifdef TD_NAME\n";
  // Names the analysis routes calls by, per role: lists of strings. The
  // roles are api.json's keys, each an enumerator of NameRole (ApiModel.h):
  // a role the code names and the data lacks does not compile.
  const json &Names = member(Api, File, "", "names", json::value_t::object);
  std::string RoleList, NameList;
  for (const auto &[Role, List] : Names.items()) {
    if (Role == "_doc")
      continue;
    if (Role.empty() || !std::islower(static_cast<unsigned char>(Role[0])) ||
        Role.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_") !=
            std::string::npos ||
        Role.back() == '_' || Role.find("__") != std::string::npos)
      fail(File, "names." + Role,
           "a role is a snake_case name (lower case, digits, single _)");
    std::string Enumerator;
    bool Upper = true;
    for (char C : Role) {
      if (C == '_') {
        Upper = true;
        continue;
      }
      Enumerator += Upper ? static_cast<char>(std::toupper(C)) : C;
      Upper = false;
    }
    RoleList += "TD_ROLE(" + Enumerator + ")\n";
    if (!List.is_array())
      fail(File, "names." + Role, "must be a list of names");
    for (const json &Name : List) {
      if (!Name.is_string())
        fail(File, "names." + Role, "must be a list of names");
      NameList += "TD_NAME(" + Enumerator + ", " + quote(Name) + ")\n";
    }
  }
  Out << NameList << "#endif\n#ifdef TD_ROLE\n" << RoleList;
  static const std::map<std::string, std::string> SetterKinds = {
      {"enabled", "Enabled"}, {"dtype", "DType"}};
  static const std::map<std::string, std::string> SetterDevices = {
      {"cuda", "CUDA"},
      {"cpu", "CPU"},
      {"xpu", "XPU"},
      {"argument", "Argument"}};
  // autocast_setters ("sets") and autocast_queries ("reads"): what of the
  // autocast state a function changes or reads, for which device.
  auto StateFunctions = [&](const char *Section, const char *Key,
                            const char *Macro) {
    Out << "#endif\n#ifdef " << Macro << "\n";
    for (const auto &[Name, Info] :
         member(Api, File, "", Section, json::value_t::object).items()) {
      if (Name == "_doc")
        continue;
      std::string Field = std::string(Section) + "." + Name;
      Out << Macro << "(" << quote(Name) << ", "
          << checkedEnum(member(Info, File, Field, Key, json::value_t::string),
                         File, Field + "." + Key, SetterKinds)
          << ", "
          << checkedEnum(
                 member(Info, File, Field, "device", json::value_t::string),
                 File, Field + ".device", SetterDevices)
          << ")\n";
    }
  };
  StateFunctions("autocast_setters", "sets", "TD_AUTOCAST_SETTER");
  StateFunctions("autocast_queries", "reads", "TD_AUTOCAST_QUERY");
  Out << "#endif\n";
}

void emitCpuHalf(const std::string &File, std::ostream &Out) {
  json Data = load(File);
  const json &Versions =
      member(Data, File, "", "versions", json::value_t::object);
  // versions.<v>.missing: no float16 kernel, named per op in .kernel;
  // versions.<v>.bfloat16.missing: no bfloat16 kernel, the op's message in
  // .bfloat16.message. An op without either, or with null (the text
  // depends on the arguments), is emitted with "".
  auto Ops = [&](const json &VData, const std::string &Field,
                 const std::string &Ver, const char *DT) {
    for (const auto &Op :
         member(VData, File, Field, "missing", json::value_t::array)) {
      if (!Op.is_string())
        fail(File, Field + ".missing", "must hold op names");
      std::string Name = Op.get<std::string>(), Message;
      const char *Key = std::string(DT) == "Half" ? "kernel" : "message";
      if (VData.contains(Key) && VData[Key].is_object() &&
          VData[Key].contains(Name)) {
        const json &M = VData[Key][Name];
        if (M.is_null()) // depends on the arguments
          ;
        else if (!M.is_string())
          fail(File, Field + "." + Key + "." + Name, "must be a string");
        else
          Message = std::string(DT) == "Half"
                        ? "\"" + M.get<std::string>() +
                              "\" not implemented for 'Half'"
                        : M.get<std::string>();
      }
      Out << "TD_CPU_HALF(" << quote(Ver) << ", " << DT << ", " << quote(Name)
          << ", " << quote(Message) << ")\n";
    }
  };
  Out << "#ifdef TD_CPU_HALF\n";
  for (const auto &[Ver, VData] : Versions.items()) {
    std::string Field = "versions." + Ver;
    Out << "TD_CPU_HALF_VERSION(" << quote(Ver) << ")\n";
    Ops(VData, Field, Ver, "Half");
    Ops(member(VData, File, Field, "bfloat16", json::value_t::object),
        Field + ".bfloat16", Ver, "BFloat16");
  }
  Out << "#endif\n";
  // Optional lists of op names per version, each a section of its own:
  // input_decides, ops whose kernel the input's dtype alone chooses;
  // inner_kernels, composites whose CPU kernels are their inner ops'
  // (api.json autocast_composites).
  for (const auto &[Key, Macro] :
       {std::pair<const char *, const char *>{"input_decides",
                                              "TD_CPU_HALF_BY_INPUT"},
        {"inner_kernels", "TD_CPU_HALF_INNER"}}) {
    Out << "#ifdef " << Macro << "\n";
    for (const auto &[Ver, VData] : Versions.items()) {
      if (!VData.contains(Key))
        continue;
      std::string Field = "versions." + Ver;
      for (const auto &Op :
           member(VData, File, Field, Key, json::value_t::array)) {
        if (!Op.is_string())
          fail(File, Field + "." + Key, "must hold op names");
        Out << Macro << "(" << quote(Ver) << ", "
            << quote(Op.get<std::string>()) << ")\n";
      }
    }
    Out << "#endif\n";
  }
}

void emitAutocast(const std::string &File, std::ostream &Out) {
  json Data = load(File);
  static const std::map<std::string, std::string> Devices = {
      {"cuda", "CUDA"}, {"cpu", "CPU"}, {"xpu", "XPU"}, {"mps", "MPS"}};
  static const std::map<std::string, std::string> Policies = {
      {"lower_precision_fp", "LowerPrecision"},
      {"fp32", "FP32"},
      {"promote", "Promote"},
      {"banned", "Banned"}};
  static const std::map<std::string, std::string> DTypes = {
      {"Half", "Half"}, {"BFloat16", "BFloat16"}, {"Float", "Float"}};
  Out << "#ifdef TD_AUTOCAST_VERSION\n";
  const json &Versions =
      member(Data, File, "", "versions", json::value_t::object);
  if (Versions.empty())
    fail(File, "versions", "must name at least one version");
  for (const auto &[Ver, VData] : Versions.items())
    Out << "TD_AUTOCAST_VERSION(" << quote(Ver) << ")\n";
  Out << "#endif\n#ifdef TD_AUTOCAST_DEVICE\n";
  for (const auto &[Ver, VData] : Versions.items()) {
    std::string VPath = "versions." + Ver;
    for (const auto &[Dev, DData] :
         member(VData, File, VPath, "devices", json::value_t::object).items()) {
      std::string DPath = VPath + ".devices." + Dev;
      std::string DevId = checkedEnum(json(Dev), File, DPath, Devices);
      std::string DT = checkedEnum(
          member(DData, File, DPath, "default_dtype", json::value_t::string),
          File, DPath + ".default_dtype", DTypes);
      Out << "TD_AUTOCAST_DEVICE(" << quote(Ver) << ", " << DevId << ", " << DT
          << ")\n";
    }
  }
  // accepted_dtypes: the only dtypes the device's setter takes (it throws
  // `refusal` for any other); absent: it takes any.
  Out << "#endif\n#ifdef TD_AUTOCAST_ACCEPTED\n";
  for (const auto &[Ver, VData] : Versions.items()) {
    for (const auto &[Dev, DData] : VData.at("devices").items()) {
      std::string DPath = "versions." + Ver + ".devices." + Dev;
      if (!DData.contains("accepted_dtypes"))
        continue;
      const json &Accepted = DData.at("accepted_dtypes");
      if (!Accepted.is_array() || Accepted.empty())
        fail(File, DPath + ".accepted_dtypes",
             "must be a non-empty array of dtype names");
      std::string Refusal =
          member(DData, File, DPath, "refusal", json::value_t::string)
              .get<std::string>();
      for (const json &DT : Accepted)
        Out << "TD_AUTOCAST_ACCEPTED(" << quote(Ver) << ", " << Devices.at(Dev)
            << ", "
            << checkedEnum(DT, File, DPath + ".accepted_dtypes", DTypes)
            << ", " << quote(Refusal) << ")\n";
    }
  }
  Out << "#endif\n#ifdef TD_AUTOCAST_OP\n";
  for (const auto &[Ver, VData] : Versions.items()) {
    for (const auto &[Dev, DData] : VData.at("devices").items()) {
      std::string DPath = "versions." + Ver + ".devices." + Dev;
      for (const auto &[Pol, PolId] : Policies) {
        if (!DData.contains(Pol))
          continue;
        const json &Ops = DData.at(Pol);
        if (!Ops.is_array())
          fail(File, DPath + "." + Pol, "must be an array of op names");
        for (const auto &Op : Ops) {
          if (!Op.is_string())
            fail(File, DPath + "." + Pol, "must hold strings only");
          Out << "TD_AUTOCAST_OP(" << quote(Ver) << ", " << Devices.at(Dev)
              << ", " << PolId << ", " << quote(Op.get<std::string>()) << ")\n";
        }
      }
    }
  }
  Out << "#endif\n";
}

/// The knowledge-base records, embedded as minified JSON that the module
/// parses at first use. The fields the tool relies on are checked here; the
/// full JSON Schema is checked by kb/check_kb.py in the build and the tests.
void emitKb(const std::vector<std::string> &Files, std::ostream &Out) {
  if (Files.empty())
    fail("kb", "", "no record files given");
  std::set<std::string> Ids;
  Out << "static const KbRecordData BuiltinRecords[] = {\n";
  for (const std::string &File : Files) {
    json R = load(File);
    if (!R.is_object())
      fail(File, "", "a record must be a JSON object");
    for (const char *Key :
         {"id", "signature", "regex", "root_cause", "verification_tier"})
      if (member(R, File, "", Key, json::value_t::string)
              .get<std::string>()
              .empty())
        fail(File, Key, "must not be empty");
    for (const char *Key : {"workarounds", "dead_ends", "checks", "aliases"})
      if (R.contains(Key) && !R.at(Key).is_array())
        fail(File, Key, "must be an array");
    std::string Id = R.at("id").get<std::string>();
    if (!Ids.insert(Id).second)
      fail(File, "id", "'" + Id + "' is used by another record");
    std::string Text = R.dump();
    if (Text.find(")td\"") != std::string::npos)
      fail(File, "", "contains the sequence )td\" that the generator uses");
    Out << "    {R\"td(" << Text << ")td\"},\n";
  }
  Out << "};\n";
}

/// The checks (checker/data/checks.json): each check's header, one
/// TORCHDTYPE_CHECK(Name, Class, Summary) per check, for the module's
/// registration and the SARIF rules, and one TORCHDTYPE_THROWING_CHECK(Name,
/// Sites) per check marked "throws" (its findings end their path:
/// ThrowOrder.cpp), Sites naming the function of its finder's file that
/// gives their places (mixedPrecisionThrowSites for
/// torchdtype-mixed-precision): a check marked so without one does not
/// link.
void emitChecks(const std::string &File, std::ostream &Out) {
  json Checks = load(File);
  if (!Checks.is_array() || Checks.empty())
    fail(File, "", "must be a non-empty array of checks");
  std::set<std::string> Names;
  std::string Includes, Entries, Throwing;
  for (size_t I = 0; I < Checks.size(); ++I) {
    const json &C = Checks[I];
    std::string Path = "[" + std::to_string(I) + "]";
    std::string Name =
        member(C, File, Path, "name", json::value_t::string).get<std::string>();
    std::string Class = member(C, File, Path, "class", json::value_t::string)
                            .get<std::string>();
    const json &Summary = member(C, File, Path, "summary", json::value_t::string);
    member(C, File, Path, "kb", json::value_t::array);
    member(C, File, Path, "options", json::value_t::array);
    bool Throws =
        member(C, File, Path, "throws", json::value_t::boolean).get<bool>();
    if (Name.rfind("torchdtype-", 0) != 0)
      fail(File, Path + ".name", "must start with torchdtype-");
    if (!Names.insert(Name).second)
      fail(File, Path + ".name", "'" + Name + "' is listed twice");
    // One name everywhere: torchdtype-mixed-precision = MixedPrecisionCheck.
    std::string Expected;
    bool Upper = true;
    for (char Ch : Name.substr(std::string("torchdtype-").size())) {
      if (Ch == '-') {
        Upper = true;
        continue;
      }
      Expected += Upper ? char(std::toupper(Ch)) : Ch;
      Upper = false;
    }
    if (Class != Expected + "Check")
      fail(File, Path + ".class",
           "'" + Class + "' should be '" + Expected + "Check' (from its name)");
    Includes += "#include \"checks/" + Class + ".h\"\n";
    Entries += "TORCHDTYPE_CHECK(" + quote(Name) + ", " + Class + ", " +
               quote(Summary) + ")\n";
    if (Throws) {
      std::string Sites = Expected;
      Sites[0] = char(std::tolower(Sites[0]));
      Throwing += "TORCHDTYPE_THROWING_CHECK(" + quote(Name) + ", " + Sites +
                  "ThrowSites)\n";
    }
  }
  Out << "#ifdef TORCHDTYPE_CHECK_HEADERS\n"
      << Includes << "#endif\n"
      << "#ifdef TORCHDTYPE_CHECK\n"
      << Entries << "#endif\n"
      << "#ifdef TORCHDTYPE_THROWING_CHECK\n"
      << Throwing << "#endif\n";
}

/// The schema's arguments: (type, kw-only) in order, the type without its
/// alias annotation ("Tensor(a!)" -> "Tensor", "Tensor(a)[]" -> "Tensor[]").
std::vector<std::pair<std::string, bool>> schemaArgs(const std::string &Schema) {
  std::vector<std::pair<std::string, bool>> Args;
  size_t Open = Schema.find('('), Close = Schema.rfind(") ->");
  if (Open == std::string::npos || Close == std::string::npos || Close < Open)
    return Args;
  std::string Body = Schema.substr(Open + 1, Close - Open - 1);
  std::vector<std::string> Parts;
  int Depth = 0;
  std::string Cur;
  for (char C : Body) {
    if (C == '(' || C == '[')
      ++Depth;
    if (C == ')' || C == ']')
      --Depth;
    if (C == ',' && Depth == 0) {
      Parts.push_back(Cur);
      Cur.clear();
      continue;
    }
    Cur += C;
  }
  if (!Cur.empty())
    Parts.push_back(Cur);
  bool KwOnly = false;
  for (std::string P : Parts) {
    size_t B = P.find_first_not_of(' ');
    P = B == std::string::npos ? "" : P.substr(B);
    if (P == "*") {
      KwOnly = true;
      continue;
    }
    std::string Type = P.substr(0, P.find(' '));
    std::string Clean;
    int D = 0;
    for (char C : Type) {
      if (C == '(')
        ++D;
      else if (C == ')')
        --D;
      else if (D == 0)
        Clean += C;
    }
    // A bool measured true (its schema default): another code than false.
    if ((Clean == "bool" || Clean == "bool?") &&
        P.find("=True") != std::string::npos)
      Clean += "=True";
    Args.push_back({Clean, KwOnly && Type.find('!') != std::string::npos});
  }
  return Args;
}

/// One character per schema argument type, as OpContracts.h lists them.
char signatureCode(const std::string &T) {
  static const std::map<std::string, char> Codes = {
      {"Tensor", 'T'},     {"Tensor?", 'O'},     {"Tensor[]", 'L'},
      {"Tensor?[]", 'L'},  {"Scalar", 'S'},      {"Scalar?", 'S'},
      {"ScalarType", 'Y'}, {"ScalarType?", 'y'}, {"int", 'i'},
      {"int?", 'i'},       {"SymInt", 'i'},      {"SymInt?", 'i'},
      {"float", 'f'},      {"float?", 'f'},      {"bool", 'b'},
      {"bool?", 'b'},      {"bool=True", 'c'},   {"bool?=True", 'c'},
      {"str", 's'},        {"str?", 'z'},
      {"Dimname", 'n'},    {"Dimname[]", 'n'},   {"Dimname?", 'n'},
      {"Dimname[]?", 'n'}};
  auto It = Codes.find(T);
  if (It != Codes.end())
    return It->second;
  // int[2], SymInt[], int[1]?: lists of ints.
  if (T.rfind("int[", 0) == 0 || T.rfind("SymInt[", 0) == 0)
    return 'I';
  if (T.rfind("float[", 0) == 0)
    return 'F';
  if (T.rfind("bool[", 0) == 0)
    return 'B';
  return '?';
}

/// checker/data/op_contracts.json (tools/op-contracts) as rows
/// TD_CONTRACT_MESSAGE(CLASS, TEXT) (message i is the i-th row) and
/// TD_CONTRACT(NAME, OVERLOAD, SLOTS, SIGNATURE, FLAGS, OUTCOMES, SCALARS,
/// VARIANTS). SLOTS: per
/// tensor argument of the measured combinations, its position among the
/// schema's arguments (a letter, 'A' + position) and its kind (T tensor, L
/// list, O list of optional tensors); SIGNATURE: one signatureCode per
/// argument; FLAGS: 1 unstable, 2 an out= overload, 4 no
/// combination ran, 8 measured on another shape family than {2,2}.
/// SCALARS: the Scalar pattern of the base runs (a letter per Scalar
/// argument: d default, i int, f float); VARIANTS: per other pattern
/// measured, the pattern then its outcomes. OUTCOMES: two characters per
/// combination (8 of one dtype, then with two or more tensors the 64 pairs
/// of the first two, the rest Float): 0 not measured, 1 + dtype index ran
/// with that tensor result, 9 ran with another result, 10 crashed or
/// varied, 11, 12, 13 ran with a ComplexHalf, ComplexFloat, ComplexDouble
/// result, 16 + i raised message i.
void emitContracts(const std::string &File, std::ostream &Out) {
  static const char Codes[] =
      "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_";
  json Data = load(File);
  const json &DTypes = member(Data, File, "", "dtypes", json::value_t::array);
  const json &Messages =
      member(Data, File, "", "messages", json::value_t::array);
  const json &Ops = member(Data, File, "", "ops", json::value_t::object);
  if (DTypes.size() != 8)
    fail(File, "dtypes", "must list 8 dtypes");
  std::map<std::string, int> DIndex;
  for (size_t I = 0; I < DTypes.size(); ++I)
    DIndex[DTypes[I].get<std::string>()] = int(I);
  if (Messages.size() + 16 >= 64 * 64)
    fail(File, "messages", "too many messages for two-character codes");
  std::vector<std::string> Class(Messages.size(), "Error");
  std::ostringstream Lines;
  for (const auto &[Key, Op] : Ops.items()) {
    std::string Field = "ops." + Key;
    std::string Schema =
        member(Op, File, Field, "schema", json::value_t::string);
    const json &Results =
        member(Op, File, Field, "results", json::value_t::object);
    std::string Name = Key.substr(0, Key.find('.'));
    if (Name.rfind("aten::", 0) == 0)
      Name = Name.substr(6);
    std::string Overload =
        Key.find('.') == std::string::npos ? "" : Key.substr(Key.find('.') + 1);
    std::string Slots, Sig;
    unsigned Flags = Op.value("unstable", false) ? 1 : 0;
    if (!Op.value("shapes", std::string()).empty())
      Flags |= 8;
    std::string Scalars = Op.value("scalars", std::string());
    auto Args = schemaArgs(Schema);
    for (size_t I = 0; I < Args.size(); ++I) {
      const std::string &T = Args[I].first;
      char Pos = char('A' + std::min<size_t>(I, 57));
      if (Args[I].second)
        Flags |= 2;
      if (T == "Tensor")
        Slots += std::string(1, Pos) + "T";
      else if (T == "Tensor[]")
        Slots += std::string(1, Pos) + "L";
      else if (T == "Tensor?[]")
        Slots += std::string(1, Pos) + "O";
      Sig += signatureCode(T);
    }
    size_t N = Slots.size() / 2;
    if (N == 0)
      continue;
    // All of one dtype (8), the first two any with the rest Float (64),
    // the first one dtype and every other another (64, three or more).
    size_t Len = N == 1 ? 8 : N == 2 ? 72 : 136;
    // The base pattern's outcomes first, then one row per other pattern.
    std::vector<std::string> Patterns = {Scalars};
    std::vector<std::vector<int>> Rows(1, std::vector<int>(Len, 0));
    bool Ran = false;
    for (const auto &[Key, R] : Results.items()) {
      std::string Combo = Key.substr(0, Key.find('@'));
      std::string Pattern = Key.find('@') == std::string::npos
                                ? Scalars
                                : Key.substr(Key.find('@') + 1);
      if (Pattern.size() != Scalars.size())
        fail(File, Field + ".results." + Key,
             "has a Scalar pattern of another length than \"scalars\"");
      size_t Row = std::find(Patterns.begin(), Patterns.end(), Pattern) -
                   Patterns.begin();
      if (Row == Patterns.size()) {
        Patterns.push_back(Pattern);
        Rows.emplace_back(Len, 0);
      }
      std::vector<int> &Outcomes = Rows[Row];
      std::vector<int> D;
      std::stringstream SS(Combo);
      std::string Part;
      while (std::getline(SS, Part, ','))
        if (DIndex.count(Part))
          D.push_back(DIndex[Part]);
        else
          fail(File, Field + ".results." + Combo, "unknown dtype " + Part);
      if (D.size() != N)
        fail(File, Field + ".results." + Combo,
             "has " + std::to_string(D.size()) + " dtypes for " +
                 std::to_string(N) + " tensor arguments");
      int Code;
      if (R.is_string()) {
        std::string S = R.get<std::string>();
        // A list of tensors of one dtype ("[Long,Long]": split, unbind,
        // meshgrid) has that dtype, as the analysis reads a list (the join
        // of its elements).
        if (S.size() > 2 && S.front() == '[' && S.back() == ']') {
          std::string Elems = S.substr(1, S.size() - 2), First;
          std::stringstream ES(Elems);
          bool One = true;
          for (std::string E; std::getline(ES, E, ',');) {
            if (First.empty())
              First = E;
            One &= E == First;
          }
          if (One && DIndex.count(First))
            S = First;
        }
        // Complex results (fft_rfft, view_as_complex, polar): codes 11 to 13.
        static const std::map<std::string, int> ComplexCodes = {
            {"ComplexHalf", 11}, {"ComplexFloat", 12}, {"ComplexDouble", 13}};
        auto CC = ComplexCodes.find(S);
        Code = DIndex.count(S)            ? 1 + DIndex[S]
               : CC != ComplexCodes.end() ? CC->second
                                          : 9;
        Ran = true;
      } else if (R.is_array() && R.size() == 2 && R[1].is_number_integer() &&
                 R[1].get<size_t>() < Messages.size()) {
        Code = 16 + R[1].get<int>();
        Class[R[1].get<size_t>()] = R[0].get<std::string>();
      } else {
        Code = 10;
      }
      bool Same = true;
      for (int X : D)
        Same &= X == D[0];
      bool RestFloat = true;
      for (size_t I = 2; I < D.size(); ++I)
        RestFloat &= D[I] == DIndex["Float"];
      if (Same)
        Outcomes[D[0]] = Code;
      if (N >= 2 && RestFloat)
        Outcomes[8 + D[0] * 8 + D[1]] = Code;
      bool RestSecond = true;
      for (size_t I = 2; I < D.size(); ++I)
        RestSecond &= D[I] == D[1];
      if (N >= 3 && RestSecond)
        Outcomes[72 + D[0] * 8 + D[1]] = Code;
    }
    if (!Ran)
      Flags |= 4;
    auto Encode = [&](const std::vector<int> &Outcomes) {
      std::string Enc;
      for (int C : Outcomes) {
        Enc += Codes[C / 64];
        Enc += Codes[C % 64];
      }
      return Enc;
    };
    std::string Variants;
    for (size_t I = 1; I < Patterns.size(); ++I)
      Variants += Patterns[I] + Encode(Rows[I]);
    Lines << "TD_CONTRACT(" << quote(Name) << ", " << quote(Overload) << ", "
          << quote(Slots) << ", " << quote(Sig) << ", " << Flags << ", "
          << quote(Encode(Rows[0])) << ", " << quote(Scalars) << ", "
          << quote(Variants) << ")\n";
  }
  Out << "#ifdef TD_CONTRACT_MESSAGE\n";
  for (size_t I = 0; I < Messages.size(); ++I)
    Out << "TD_CONTRACT_MESSAGE(" << quote(Class[I]) << ", "
        << quote(Messages[I]) << ")\n";
  Out << "#endif\n#ifdef TD_CONTRACT\n" << Lines.str() << "#endif\n";
}

int writeIfChanged(const std::string &Path, const std::string &New) {
  // Write only when the content changed, so dependents do not rebuild.
  std::ifstream OldIn(Path);
  std::stringstream Old;
  Old << OldIn.rdbuf();
  if (OldIn && Old.str() == New)
    return 0;
  std::ofstream OutFile(Path);
  OutFile << New;
  if (!OutFile) {
    std::cerr << "torchdtype-tablegen: cannot write " << Path << "\n";
    return 1;
  }
  return 0;
}

} // namespace

/// A data file as generated files name it: checker/data/NAME, never the
/// absolute path of the machine that built them.
std::string dataName(const std::string &Path) {
  return "checker/data/" + Path.substr(Path.find_last_of('/') + 1);
}

int main(int Argc, char **Argv) {
  std::vector<std::string> Args(Argv + 1, Argv + Argc);
  std::ostringstream Out;
  if (Args.size() == 5 && Args[0] == "api") {
    Out << "// Generated by torchdtype-tablegen from " << dataName(Args[1])
        << ", " << dataName(Args[2]) << " and " << dataName(Args[3])
        << ". Do not edit.\n";
    emitApi(Args[1], Out);
    emitAutocast(Args[2], Out);
    emitCpuHalf(Args[3], Out);
    return writeIfChanged(Args[4], Out.str());
  }
  if (Args.size() >= 3 && Args[0] == "kb") {
    Out << "// Generated by torchdtype-tablegen from kb/records. Do not "
           "edit.\n";
    emitKb(std::vector<std::string>(Args.begin() + 2, Args.end()), Out);
    return writeIfChanged(Args[1], Out.str());
  }
  if (Args.size() == 3 && Args[0] == "checks") {
    Out << "// Generated by torchdtype-tablegen from " << dataName(Args[1])
        << ". Do not edit.\n";
    emitChecks(Args[1], Out);
    return writeIfChanged(Args[2], Out.str());
  }
  if (Args.size() == 3 && Args[0] == "contracts") {
    Out << "// Generated by torchdtype-tablegen from " << dataName(Args[1])
        << ". Do not edit.\n";
    emitContracts(Args[1], Out);
    return writeIfChanged(Args[2], Out.str());
  }
  std::cerr << "usage: torchdtype-tablegen api API_JSON AUTOCAST_JSON "
               "CPU_HALF_JSON OUT_INC\n"
               "       torchdtype-tablegen kb OUT_INC RECORD.json...\n"
               "       torchdtype-tablegen checks CHECKS_JSON OUT_INC\n"
               "       torchdtype-tablegen contracts OP_CONTRACTS_JSON OUT_INC\n";
  return 2;
}
