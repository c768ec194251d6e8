// Lists of modules (models/Containers.cpp, models/ModuleMembers.cpp): a
// std::vector, std::map or std::unordered_map of module holders or of
// std::shared_ptr of modules is the join of the modules it holds, read
// through `at`, `[]`, `front`, a range-for's variable, a structured binding
// or the iterator `find` gives. A module converted through an element, a
// copy of one or a holder put in joins the conversion into every list; a
// list given to other code is not followed. As a member of a module, a
// list filled only with registered modules in the constructors is
// converted with the module; one filled only with new layers (there or in
// a method) is not; any other is not known.
// RUN: %check_clang_tidy %s torchdtype-module-input-dtype,torchdtype-device-mismatch %t
#include <torch/torch.h>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#define RUN_HEAD(m, k, x) (m).at(k)->forward(x)

// ---- Positives: local lists ------------------------------------------------

void map_entry_called_with_double_input() {
  std::map<std::string, torch::nn::Linear> heads;
  heads.emplace("price", torch::nn::Linear(4, 1));
  heads["click"] = torch::nn::Linear(4, 1);
  auto x = torch::randn({3, 4}, torch::kDouble);
  heads.at("price")->forward(x);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: module 'heads.at("price")' has Float parameters but gets a Double input; {{.*}} [torchdtype-module-input-dtype]
}

void vector_filled_in_a_loop(int depth) {
  std::vector<torch::nn::Linear> layers;
  for (int i = 0; i < depth; ++i)
    layers.push_back(torch::nn::Linear(8, 8));
  auto h = torch::randn({2, 8}).to(torch::kDouble);
  for (auto &layer : layers)
    h = layer(h);
  // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: module 'layer' has Float parameters but gets a Double input; {{.*}} [torchdtype-module-input-dtype]
}

void shared_ptr_entry_found(const std::string &task) {
  std::unordered_map<std::string, std::shared_ptr<torch::nn::LinearImpl>> heads;
  heads["a"] = std::make_shared<torch::nn::LinearImpl>(4, 2);
  auto it = heads.find(task);
  if (it == heads.end())
    return;
  it->second->forward(torch::ones({1, 4}, torch::kDouble));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: module 'it->second' has Float parameters but gets a Double input; {{.*}} [torchdtype-module-input-dtype]
}

void called_through_a_macro() {
  std::map<std::string, torch::nn::Linear> heads{{"a", torch::nn::Linear(4, 2)}};
  RUN_HEAD(heads, "a", torch::randn({1, 4}, torch::kDouble));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: module {{.*}} has Float parameters but gets a Double input; {{.*}} [torchdtype-module-input-dtype]
}

template <typename Head> void template_list(torch::Tensor x) {
  std::vector<Head> heads;
  heads.emplace_back(Head(4, 2));
  heads.front()->forward(x.to(torch::kDouble));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: module 'heads.front()' has Float parameters but gets a Double input; {{.*}} [torchdtype-module-input-dtype]
}
template void template_list<torch::nn::Linear>(torch::Tensor);

void called_in_a_lambda() {
  std::vector<torch::nn::Linear> heads{torch::nn::Linear(4, 2)};
  auto run = [&heads](const torch::Tensor &x) { return heads[0](x); };
  // CHECK-MESSAGES: :[[@LINE-1]]:56: warning: module 'heads[0]' has Float parameters but gets a Double input; {{.*}} [torchdtype-module-input-dtype]
  run(torch::randn({1, 4}, torch::kDouble));
}

void converted_on_one_branch_called_on_the_other(bool wide) {
  std::map<std::string, torch::nn::Linear> heads{{"a", torch::nn::Linear(4, 2)}};
  if (wide)
    heads.at("a")->to(torch::kDouble);
  else
    heads.at("a")->forward(torch::randn({1, 4}, torch::kDouble));
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: module 'heads.at("a")' has Float parameters but gets a Double input; {{.*}} [torchdtype-module-input-dtype]
}

// ---- Negatives: local lists ------------------------------------------------

void converted_entry_gets_its_dtype() {
  std::map<std::string, torch::nn::Linear> heads;
  heads.emplace("a", torch::nn::Linear(4, 2));
  heads.at("a")->to(torch::kDouble);
  heads.at("a")->forward(torch::randn({1, 4}, torch::kDouble));
}

void converted_in_a_loop_then_called(const std::string &task) {
  std::map<std::string, torch::nn::Linear> heads;
  heads.emplace("a", torch::nn::Linear(4, 2));
  for (auto &[name, head] : heads)
    head->to(torch::kDouble);
  heads.at(task)->forward(torch::randn({1, 4}, torch::kDouble));
}

void converted_through_a_copy_of_an_element() {
  std::vector<torch::nn::Linear> heads{torch::nn::Linear(4, 2)};
  auto head = heads[0];
  head->to(torch::kDouble);
  heads[0]->forward(torch::randn({1, 4}, torch::kDouble));
}

void converted_through_a_holder_put_in() {
  torch::nn::Linear fc(4, 2);
  std::vector<torch::nn::Linear> heads;
  heads.push_back(fc);
  fc->to(torch::kDouble);
  heads.back()->forward(torch::randn({1, 4}, torch::kDouble));
}

void widen_all(const std::vector<torch::nn::Linear> &heads);
void converted_by_a_callee_given_a_const_reference() {
  std::vector<torch::nn::Linear> heads{torch::nn::Linear(4, 2)};
  widen_all(heads);
  heads[0]->forward(torch::randn({1, 4}, torch::kDouble));
}

void entries_of_two_dtypes(const std::string &task) {
  std::map<std::string, torch::nn::Linear> heads;
  heads.emplace("f", torch::nn::Linear(4, 2));
  torch::nn::Linear wide(4, 2);
  wide->to(torch::kDouble);
  heads.emplace("d", wide);
  heads.at(task)->forward(torch::randn({1, 4}, torch::kDouble));
}

void element_handed_out(std::vector<torch::nn::Linear> &out) {
  std::vector<torch::nn::Linear> heads{torch::nn::Linear(4, 2)};
  out.push_back(heads[0]);
  out[0]->to(torch::kDouble);
  heads[0]->forward(torch::randn({1, 4}, torch::kDouble));
}

void rebound_through_a_reference() {
  std::vector<torch::nn::Linear> heads{torch::nn::Linear(4, 2)};
  auto &slot = heads[0];
  slot = torch::nn::Linear(torch::nn::LinearOptions(4, 2));
  heads[0]->to(torch::kDouble);
  heads[0]->forward(torch::randn({1, 4}, torch::kDouble));
}

// ---- Members ---------------------------------------------------------------

// Registered in the constructor: converted with the module.
struct RegisteredHeadsImpl : torch::nn::Module {
  RegisteredHeadsImpl() {
    for (std::string t : {"a", "b"})
      heads_.emplace(t, register_module("head_" + t, torch::nn::Linear(4, 2)));
  }
  torch::Tensor forward(const torch::Tensor &x, const std::string &t) {
    return heads_.at(t)->forward(x);
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module 'heads_.at(t)' has Double parameters but gets a Float input; {{.*}} [torchdtype-module-input-dtype]
  }
  std::map<std::string, torch::nn::Linear> heads_;
};
TORCH_MODULE(RegisteredHeads);

void registered_heads_converted() {
  RegisteredHeads m;
  m->to(torch::kDouble);
  m->forward(torch::randn({1, 4}), "a");
}

void registered_heads_converted_and_fed_double() {
  RegisteredHeads m;
  m->to(torch::kDouble);
  m->forward(torch::randn({1, 4}, torch::kDouble), "a");
}

// Registered blocks, pushed back: what register_module returns converts to
// the holder.
struct BlockStackImpl : torch::nn::Module {
  explicit BlockStackImpl(int depth) {
    for (int i = 0; i < depth; ++i)
      blocks_.push_back(register_module("block" + std::to_string(i), torch::nn::Linear(4, 4)));
  }
  torch::Tensor forward(torch::Tensor x) {
    for (auto &block : blocks_)
      x = block(x);
    // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: module 'block' has Double parameters but gets a Float input; {{.*}} [torchdtype-module-input-dtype]
    return x;
  }
  std::vector<torch::nn::Linear> blocks_;
};
TORCH_MODULE(BlockStack);

void block_stack_converted() {
  BlockStack s(3);
  s->to(torch::kDouble);
  s->forward(torch::randn({2, 4}));
}

// New layers put in by a method, never registered: the module's to()
// leaves them where they were made.
struct ExpertBankImpl : torch::nn::Module {
  ExpertBankImpl() { trunk_ = register_module("trunk", torch::nn::Linear(4, 4)); }
  void add(const std::string &k) { experts_[k] = torch::nn::Linear(4, 2); }
  torch::Tensor forward(const torch::Tensor &x, const std::string &k) {
    return experts_.at(k)(trunk_(x));
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: module 'experts_.at(k)' has Float parameters but gets a Double input; {{.*}} [torchdtype-module-input-dtype]
  }
  torch::Tensor direct(const torch::Tensor &x, const std::string &k) {
    return experts_.at(k)(x);
  }
  torch::nn::Linear trunk_{nullptr};
  std::map<std::string, torch::nn::Linear> experts_;
};
TORCH_MODULE(ExpertBank);

void expert_bank_converted() {
  ExpertBank b;
  b->add("a");
  b->to(torch::kDouble);
  b->forward(torch::randn({1, 4}, torch::kDouble), "a");
  b->direct(torch::randn({1, 4}), "a");
}

// Unregistered adapters stay on the CPU when the module moves.
struct TenantModelImpl : torch::nn::Module {
  TenantModelImpl() { backbone_ = register_module("backbone", torch::nn::Linear(4, 4)); }
  void add_tenant(const std::string &t) { adapters_.emplace(t, torch::nn::Linear(4, 4)); }
  torch::Tensor forward(const torch::Tensor &x, const std::string &t) {
    auto h = backbone_(x);
    auto it = adapters_.find(t);
    if (it != adapters_.end())
      h = h + it->second->forward(h);
    // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: 'operator+' gets operands on different devices (cuda and cpu); {{.*}} [torchdtype-device-mismatch]
    // CHECK-MESSAGES: :[[@LINE-2]]:15: warning: module 'it->second' is on cpu but its input is on cuda; {{.*}} [torchdtype-device-mismatch]
    return h;
  }
  torch::nn::Linear backbone_{nullptr};
  std::unordered_map<std::string, torch::nn::Linear> adapters_;
};
TORCH_MODULE(TenantModel);

void tenant_model_moved() {
  TenantModel m;
  m->add_tenant("acme");
  m->to(torch::kCUDA);
  m->forward(torch::randn({1, 4}, torch::kCUDA), "acme");
}

// Negatives: elements converted by a method, a registered list filled after
// construction, a list handed to other code: not known.
struct WidenedImpl : torch::nn::Module {
  WidenedImpl() { heads_.push_back(register_module("h", torch::nn::Linear(4, 4))); }
  void widen() {
    for (auto &h : heads_)
      h->to(torch::kDouble);
  }
  torch::Tensor forward(torch::Tensor x) { return heads_[0](x); }
  std::vector<torch::nn::Linear> heads_;
};
TORCH_MODULE(Widened);

void widened_by_a_method() {
  Widened w;
  w->widen();
  w->forward(torch::randn({2, 4}, torch::kDouble));
}

struct LateMembersImpl : torch::nn::Module {
  LateMembersImpl() { add("first"); }
  void add(const std::string &k) {
    members_[k] = register_module(k, torch::nn::Linear(4, 1));
  }
  torch::Tensor forward(const torch::Tensor &x, const std::string &k) {
    return members_.at(k)(x);
  }
  std::map<std::string, torch::nn::Linear> members_;
};
TORCH_MODULE(LateMembers);

void late_member_after_conversion() {
  LateMembers m;
  m->to(torch::kDouble);
  m->add("late");
  m->forward(torch::randn({1, 4}, torch::kDouble), "first");
}

void fill_heads(std::vector<torch::nn::Linear> &heads);
struct HandedOutImpl : torch::nn::Module {
  HandedOutImpl() { fill_heads(heads_); }
  torch::Tensor forward(torch::Tensor x) { return heads_[0](x); }
  std::vector<torch::nn::Linear> heads_;
};
TORCH_MODULE(HandedOut);

void handed_out_list() {
  HandedOut h;
  h->forward(torch::randn({2, 4}, torch::kDouble));
}
