//===- ModuleStateTest.cpp - modules, members and their state
//--------------===//
//
// Class members, modules and TorchScript, conversions of modules,
// members followed through the receiver, submodules, optimizer steps.
// The harness is AnnotatedSnippets.h.
//
//===----------------------------------------------------------------------===//

#include "AnnotatedSnippets.h"

namespace analysis_test {

TEST(Analysis, ClassMembers) {
  expectAnnotated(R"cpp(
struct Scorer {
  torch::Tensor w;
  torch::Tensor maybe;
  Scorer() : w(torch::randn({2, 2}, torch::kHalf)) {}
  void reset(bool c) { if (c) maybe = torch::randn({2}); else maybe = torch::randn({2}, torch::kHalf); }
  torch::Tensor run() {
    auto x = torch::randn({2, 2});
    torch::mm(x, maybe);
    return torch::mm(x, w); // [[mixed]]
  }
  torch::Tensor run_ok() { return torch::mm(torch::randn({2, 2}).to(torch::kHalf), w); }
};
)cpp");
}

TEST(Analysis, FieldsWrittenOutsideTheirClass) {
  // A class invariant stands for fields only its own methods write: one
  // the unit assigns, initializes as an aggregate or passes by non-const
  // reference elsewhere holds what the object was given.
  expectAnnotated(R"cpp(
struct Open {
  torch::Dtype dtype = torch::kFloat;
  torch::Tensor make() const { return torch::zeros({2, 2}, torch::dtype(dtype)); }
};
struct Agg {
  torch::Dtype dtype = torch::kFloat;
  torch::Tensor make() const { return torch::zeros({2, 2}, torch::dtype(dtype)); }
};
struct Ref {
  torch::Dtype dtype = torch::kFloat;
  torch::Tensor make() const { return torch::zeros({2, 2}, torch::dtype(dtype)); }
};
struct Closed {
  torch::Tensor make() const { return torch::zeros({2, 2}, torch::dtype(dtype)); }
private:
  torch::Dtype dtype = torch::kHalf;
};
void set_double(torch::Dtype &d) { d = torch::kDouble; }
void f() {
  Open o;
  o.dtype = torch::kDouble;
  torch::mm(o.make(), torch::ones({2, 2}, torch::kDouble));
  torch::mm(o.make(), torch::ones({2, 2})); // [[mixed]]
  Agg a{torch::kDouble};
  torch::mm(a.make(), torch::ones({2, 2}, torch::kDouble));
  torch::mm(a.make(), torch::ones({2, 2})); // [[mixed]]
  Ref r;
  set_double(r.dtype);
  torch::mm(r.make(), torch::ones({2, 2}, torch::kDouble));
  torch::mm(r.make(), torch::ones({2, 2})); // [[mixed]]
  Closed c;
  torch::mm(c.make(), torch::ones({2, 2}, torch::kHalf));
  torch::mm(c.make(), torch::ones({2, 2})); // [[mixed]]
}
)cpp");
}

TEST(Analysis, ModulesAndTorchScript) {
  expectAnnotated(R"cpp(
struct NetImpl : torch::nn::Module {
  torch::nn::Linear fc{nullptr};
  NetImpl() { fc = register_module("fc", torch::nn::Linear(3, 4)); }
  // Judged with each call's input and module: net moved to CUDA below.
  torch::Tensor forward(torch::Tensor x) { return fc->forward(x); } // [[device]]
};
TORCH_MODULE(Net);
struct MovingImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x) { return x.to(torch::kCUDA); }
};
TORCH_MODULE(Moving);
void f() {
  torch::nn::Linear lin(3, 4);
  auto x = torch::randn({2, 3});
  lin(x);
  lin->to(torch::kCUDA);
  lin(x); // [[device]]
  lin->forward(x.to(torch::kCUDA));
  Net net;
  net->to(torch::kCUDA);
  net->forward(x); // reported inside forward, where it throws
  Moving mv;
  mv->to(torch::kCUDA);
  mv->forward(x);
  auto m = torch::jit::load("m.pt");
  m.forward({x});
  m.to(torch::kCUDA);
  m.forward({x}); // [[device]]
  m.forward({x.cuda()});
}
)cpp");
}

TEST(Analysis, TorchScriptInputsPushedIntoAVector) {
  expectAnnotated(R"cpp(
void f(bool c) {
  auto m = torch::jit::load("m.pt");
  m.to(torch::kCUDA);
  std::vector<torch::jit::IValue> inputs;
  m.forward(inputs);
  inputs.push_back(torch::randn({1, 3}));
  m.forward(inputs); // [[device]]
  inputs.clear();
  inputs.push_back(torch::randn({1, 3}).cuda());
  m.forward(inputs);
  std::vector<torch::jit::IValue> mixed;
  mixed.push_back(torch::randn({1, 3}).cuda());
  if (c)
    mixed.push_back(torch::randn({1, 3}));
  m.forward(mixed);
}
)cpp");
}

TEST(Analysis, ModuleConvertedToDoubleThenMovedToMps) {
  expectAnnotated(R"cpp(
void f() {
  torch::nn::Linear lin(3, 4);
  lin->to(torch::kDouble);
  lin->to(torch::kMPS); // [[mps]]
  torch::nn::Linear ok(3, 4);
  ok->to(torch::kMPS);
}
)cpp");
}

// The optimizer family: step() is the first op of its update the
// parameters' dtype lacks a CPU kernel for, where a backward ran.
TEST(Analysis, OptimizerSteps) {
  expectAnnotated(R"cpp(
void f(bool small) {
  torch::nn::Linear fc(4, 4);
  fc->to(torch::kHalf);
  torch::optim::Adam adam(fc->parameters());
  torch::optim::SGD sgd(fc->parameters(), torch::optim::SGDOptions(0.1));
  torch::Tensor loss = torch::ones({1}, torch::kHalf).sum();
  loss.backward();
  adam.step(); // [[half]]
  sgd.step();
}
void g() {
  torch::nn::Linear fc(4, 4);
  fc->to(torch::kHalf);
  torch::optim::Adam adam(fc->parameters());
  adam.step();
}
)cpp",
                  "1.13");
}

// Module state: registered members read in a module's methods follow the
// receiver module: converted with it by to(), else as the constructor made
// them.
TEST(ModuleState, MembersFollowTheReceiver) {
  expectAnnotated(R"cpp(
struct HeadImpl : torch::nn::Module {
  torch::Tensor proj;
  torch::Tensor steps;
  torch::nn::Linear fc{nullptr};
  HeadImpl() {
    proj = register_parameter("proj", torch::randn({4, 4}));
    steps = register_buffer("steps", torch::zeros({1}, torch::kLong));
    fc = register_module("fc", torch::nn::Linear(4, 4));
  }
  torch::Tensor forward(torch::Tensor x) {
    auto h = x.mm(proj); // [[mixed]]
    return fc(h);
  }
  torch::Tensor count(torch::Tensor n) { return n.mm(steps); } // [[mixed]]
};
TORCH_MODULE(Head);
void converted() {
  Head head;
  head->to(torch::kDouble);
  head(torch::randn({2, 4}));
}
void as_created() {
  Head head;
  head(torch::randn({2, 4}));
  head->count(torch::ones({1, 1}, torch::kLong));
}
// Module::to(dtype) of the C++ frontend converts integer buffers too.
void converted_long_buffer_converts() {
  Head head;
  head->to(torch::kDouble);
  head->count(torch::ones({1, 1}, torch::kLong));
}
void unknown_module(Head &given) {
  given(torch::randn({2, 4}, torch::kDouble));
}
)cpp");
}

TEST(ModuleState, SubmodulesAndDevices) {
  expectAnnotated(R"cpp(
struct BlockImpl : torch::nn::Module {
  torch::nn::Linear inner{nullptr};
  BlockImpl() { inner = register_module("inner", torch::nn::Linear(4, 4)); }
  torch::Tensor forward(torch::Tensor x) { return inner(x); } // [[modin]] [[device]]
};
TORCH_MODULE(Block);
struct NetImpl : torch::nn::Module {
  Block block{nullptr};
  NetImpl() { block = register_module("block", Block()); }
  torch::Tensor forward(torch::Tensor x) { return block(x); }
};
TORCH_MODULE(Net);
void half_input() {
  Net net;
  net(torch::randn({2, 4}, torch::kDouble));
}
void moved_to_cuda() {
  Net net;
  net->to(torch::kCUDA);
  net(torch::randn({2, 4}));
}
void both_moved() {
  Net net;
  net->to(torch::kCUDA);
  net->to(torch::kDouble);
  net(torch::randn({2, 4}, torch::TensorOptions().dtype(torch::kDouble).device(torch::kCUDA)));
}
)cpp");
}

// Module state: a named_parameters() loop filtered by name converts the
// submodules whose registered names pass the test; a test that leaves a
// member undecided, or selects a parameter of the class itself, leaves the
// module unknown.
TEST(ModuleState, NamedParameterLoopsFilteredByName) {
  expectAnnotated(R"cpp(
struct NetImpl : torch::nn::Module {
  torch::nn::Linear enc{nullptr}, dec{nullptr};
  NetImpl() {
    enc = register_module("enc", torch::nn::Linear(4, 4));
    dec = register_module("dec", torch::nn::Linear(4, 4));
  }
  torch::Tensor forward(torch::Tensor x) { return dec(enc(x)); }
};
TORCH_MODULE(Net);
struct ScaledImpl : torch::nn::Module {
  torch::nn::Linear enc{nullptr};
  torch::Tensor scale;
  ScaledImpl() {
    enc = register_module("enc", torch::nn::Linear(4, 4));
    scale = register_parameter("scale", torch::ones({4}));
  }
  torch::Tensor forward(torch::Tensor x) { return enc(x) * scale; }
};
TORCH_MODULE(Scaled);
void prefix() {
  Net n;
  for (auto &item : n->named_parameters())
    if (item.key().rfind("enc", 0) == 0)
      item.value().set_data(item.value().to(torch::kDouble));
  auto y = n->dec(torch::randn({2, 4}).to(torch::kDouble)); // [[modin]]
}
void contains() {
  Net n;
  for (auto &item : n->named_parameters())
    if (item.key().find("c.") == std::string::npos)
      continue;
    else
      item.value().set_data(item.value().to(torch::kDouble));
  auto y = n->dec(torch::randn({2, 4}).to(torch::kDouble));
}
void containsUndecided() {
  // "dec." is not in "enc.", and may be in what follows it.
  Net n;
  for (auto &item : n->named_parameters()) {
    if (item.key().find("dec.") == std::string::npos)
      continue;
    item.value().set_data(item.value().to(torch::kDouble));
  }
  auto y = n->enc(torch::randn({2, 4}).to(torch::kDouble));
}
void containsAtTheStart() {
  Net n;
  for (auto &item : n->named_parameters()) {
    if (item.key().find("nc.") != std::string::npos ||
        item.key().rfind("dec", 0) == 0)
      item.value().set_data(item.value().to(torch::kDouble));
  }
  auto y = n->enc(torch::randn({2, 4})); // [[modin]]
}
void longerThanTheName() {
  Net n;
  for (auto &item : n->named_parameters())
    if (item.key().rfind("enc.weight", 0) == 0)
      item.value().set_data(item.value().to(torch::kDouble));
  auto y = n->dec(torch::randn({2, 4}).to(torch::kDouble));
}
void ownParameterSelected() {
  Scaled s;
  for (auto &item : s->named_parameters())
    if (item.key() != "enc.weight" && item.key().substr(0, 4) != "enc.")
      item.value().set_data(item.value().to(torch::kDouble));
  auto y = s->enc(torch::randn({2, 4}).to(torch::kDouble));
}
void ownParameterLeftOut() {
  Scaled s;
  for (auto &item : s->named_parameters())
    if (item.key().substr(0, 4) == "enc.")
      item.value().set_data(item.value().to(torch::kDouble));
  auto y = s->enc(torch::randn({2, 4})); // [[modin]]
}
)cpp");
}

// A module class of the user's derived from another: its objects have the
// members the base's constructor made. A forward that is virtual runs the
// override of the class the object was made as, through a pointer or a
// reference to the base, also in a function given it.
TEST(ModuleState, DerivedModulesAndVirtualForward) {
  expectAnnotated(R"cpp(
struct Head : torch::nn::Module {
  virtual ~Head() = default;
  virtual torch::Tensor forward(const torch::Tensor &x) = 0;
};
struct Scaled : Head {
  Scaled() : fc(register_module("fc", torch::nn::Linear(4, 1))) {
    scale = register_buffer("scale", torch::ones({4}, torch::kFloat64));
  }
  torch::nn::Linear fc;
  torch::Tensor scale;
};
struct Derived : Scaled {
  torch::Tensor forward(const torch::Tensor &x) override { return x; }
};
struct Made : Scaled {
  torch::Tensor forward(const torch::Tensor &x) override { return fc(x * scale); } // [[modin]]
};
struct NeverMade : Scaled {
  torch::Tensor forward(const torch::Tensor &x) override { return fc(x * scale); }
};
struct Plain : Head {
  Plain() : fc(register_module("fc", torch::nn::Linear(4, 1))) {}
  torch::Tensor forward(const torch::Tensor &x) override { return fc(x); }
  torch::nn::Linear fc;
};
torch::Tensor evaluate(Head &m, const torch::Tensor &x) { return m.forward(x); }
void members_of_the_base() {
  auto d = std::make_shared<Derived>();
  d->fc(torch::randn({2, 4}) * d->scale); // [[modin]]
  d->fc(torch::randn({2, 4}));
}
void through_the_base() {
  auto m = std::make_shared<Made>();
  evaluate(*m, torch::randn({2, 4}));
  std::shared_ptr<Head> p = std::make_shared<Plain>();
  p->forward(torch::randn({2, 4}));
  evaluate(*p, torch::randn({2, 4}));
}
)cpp");
}

// A list of modules is the join of what it holds; a conversion through a
// handle that may be an element joins every list; as a member, it is
// converted with its module when its constructors fill it with registered
// modules only, and left where made when only new layers go in.
TEST(ModuleState, MethodsConvertingTheirModule) {
  // `to(dtype)` in a method of the module converts the caller's module: by
  // a constant, by the call's dtype argument, through another method; on
  // some paths only, the module is unknown after the call.
  expectAnnotated(R"cpp(
bool flag();
struct NetImpl : torch::nn::Module {
  NetImpl() { fc = register_module("fc", torch::nn::Linear(2, 2)); }
  void half() { to(torch::kHalf); }
  void set(torch::Dtype d) { to(d); }
  void via(torch::Dtype d) { set(d); }
  void maybe() { if (flag()) to(torch::kDouble); }
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Net);
void f() {
  Net a;
  a->half();
  a->fc(torch::randn({2, 2})); // [[modin]]
  Net b;
  b->set(torch::kDouble);
  b->fc(torch::randn({2, 2})); // [[modin]]
  b->fc(torch::randn({2, 2}, torch::kDouble));
  Net c;
  c->via(torch::kDouble);
  c->fc(torch::randn({2, 2})); // [[modin]]
  Net d;
  d->maybe();
  d->fc(torch::randn({2, 2}));
  d->fc(torch::randn({2, 2}, torch::kDouble));
}
)cpp");
}

TEST(ModuleState, ListsOfModules) {
  expectAnnotated(R"cpp(
#include <map>
#include <string>
#include <vector>
void locals(const std::string &k) {
  std::map<std::string, torch::nn::Linear> heads;
  heads.emplace("a", torch::nn::Linear(4, 2));
  heads.at(k)->forward(torch::randn({1, 4}, torch::kDouble)); // [[modin]]
  std::vector<torch::nn::Linear> layers{torch::nn::Linear(4, 2)};
  auto alias = layers.front();
  alias->to(torch::kDouble);
  layers[0]->forward(torch::randn({1, 4}, torch::kDouble));
}
struct RegImpl : torch::nn::Module {
  RegImpl() { heads_.push_back(register_module("h", torch::nn::Linear(4, 2))); }
  torch::Tensor forward(torch::Tensor x) { return heads_[0](x); } // [[modin]]
  std::vector<torch::nn::Linear> heads_;
};
TORCH_MODULE(Reg);
struct NewImpl : torch::nn::Module {
  NewImpl() { heads_.push_back(torch::nn::Linear(4, 2)); }
  torch::Tensor forward(torch::Tensor x) { return heads_[0](x); }
  std::vector<torch::nn::Linear> heads_;
};
TORCH_MODULE(New);
void members() {
  Reg r;
  r->to(torch::kDouble);
  r->forward(torch::randn({1, 4}));
  New n;
  n->to(torch::kDouble);
  n->forward(torch::randn({1, 4}));
}
)cpp");
}

TEST(ModuleState, ParametersAsCodeReadsThem) {
  // A layer's tensor members and named_parameters() entries have the
  // module's dtype; a module given as a parameter has the caller's.
  expectAnnotated(R"cpp(
void members() {
  torch::nn::Linear fc(2, 2);
  torch::mm(fc->weight, torch::randn({2, 2}, torch::kDouble)); // [[mixed]]
  for (const auto &item : fc->named_parameters())
    torch::mm(item.value(), torch::randn({2, 2}, torch::kDouble)); // [[mixed]]
  fc->to(torch::kDouble);
  torch::mm(fc->weight, torch::randn({2, 2}, torch::kDouble));
}
void given(const torch::nn::Module &m) {
  for (const auto &item : m.named_parameters())
    torch::mm(item.value(), torch::randn({2, 2}, torch::kDouble)); // [[mixed]]
}
void use() {
  torch::nn::Linear fc(2, 2);
  given(*fc);
}
)cpp");
}

TEST(ModuleState, MapsOfStructsByKey) {
  // A map of structs of tensors keeps each known key's struct: a loop over
  // it takes each on its own path, unless it reads a member not carried.
  expectAnnotated(R"cpp(
#include <map>
#include <string>
struct Col { torch::Tensor v; bool flag = false; };
void f() {
  std::map<std::string, Col> m;
  m["a"] = {torch::randn({2, 2}), false};
  m["b"] = {torch::randn({2, 2}, torch::kDouble), true};
  for (auto &kv : m)
    torch::mm(kv.second.v, torch::randn({2, 2})); // [[mixed]]
  for (auto &kv : m)
    if (!kv.second.flag)
      torch::mm(kv.second.v, torch::randn({2, 2}));
  torch::mm(m.at("a").v, torch::randn({2, 2}));
}
)cpp");
}

TEST(ModuleState, SequencesByElementValue) {
  // A vector of tensors made from braces or by push_back knows its element
  // values: a loop over it takes each on its own path, unless the body
  // tests the element or the list was written in place.
  expectAnnotated(R"cpp(
#include <vector>
void f(int64_t n) {
  std::vector<torch::Tensor> v;
  v.push_back(torch::randn({2, 2}, torch::kDouble));
  v.push_back(torch::randn({2, 2}));
  for (const auto &x : v)
    torch::mm(x, torch::randn({2, 2})); // [[mixed]]
  for (const auto &x : v)
    if (x.scalar_type() == torch::kFloat)
      torch::mm(x, torch::randn({2, 2}));
  std::vector<torch::Tensor> s{torch::zeros({2}), torch::zeros({}, torch::kLong)};
  for (auto &t : s)
    t.div_(n); // [[write]]
  for (auto &t : s)
    if (t.is_floating_point())
      t.div_(n);
}
void g(int64_t n) {
  std::vector<torch::Tensor> s{torch::zeros({2}), torch::zeros({}, torch::kLong)};
  s[1] = s[1].to(torch::kFloat);
  for (auto &t : s)
    t.div_(n);
}
)cpp");
}

} // namespace analysis_test
