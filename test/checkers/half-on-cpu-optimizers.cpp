// torchdtype-half-on-cpu: an optimizer's step() runs its update ops on every
// parameter with a gradient (api.json optimizer_steps). On 1.13 Adam, AdamW,
// Adagrad and RMSprop raise addcmul's missing float16 kernel; SGD runs, and
// every optimizer runs on bfloat16 (observed on 1.13.1: test/runtime
// half_cpu_*_step_*). Reported only where the function runs a backward.
// RUN: %check_clang_tidy -check-suffix=V113 %s torchdtype-half-on-cpu %t -- -config="{CheckOptions: {PyTorchVersion: '1.13'}}"
// RUN: %check_clang_tidy -check-suffix=V214 %s torchdtype-half-on-cpu %t
#include <torch/torch.h>
#include <memory>
#include <vector>

#define APPLY_STEP(opt) (opt).step()

void adam_over_half_module() {
  torch::nn::Embedding table(10, 4);
  table->to(torch::kHalf);
  torch::optim::Adam opt(table->parameters(), torch::optim::AdamOptions(0.1));
  for (int i = 0; i < 3; ++i) {
    table->forward(torch::arange(3)).to(torch::kFloat).sum().backward();
    opt.step();
    // CHECK-MESSAGES-V113: :[[@LINE-1]]:5: warning: 'Adam::step' has no CPU kernel for float16 in PyTorch 1.13; this throws at run time: ""addcmul_cpu_out" not implemented for 'Half'" {{.*}} [torchdtype-half-on-cpu]
    // CHECK-MESSAGES-V113: :[[@LINE-6]]:10: note: operand 'table->parameters()' has dtype Half from here
  }
}

void converted_after_the_optimizer_was_made() {
  // to() sets the parameters' data in place: the optimizer holds them.
  torch::nn::Embedding table(10, 4);
  torch::optim::AdamW opt(table->parameters());
  table->to(torch::kHalf);
  table->forward(torch::arange(3)).to(torch::kFloat).sum().backward();
  opt.step();
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:3: warning: 'AdamW::step' has no CPU kernel for float16 {{.*}} [torchdtype-half-on-cpu]
}

void adagrad_through_unique_ptr() {
  auto w = torch::ones({4}, torch::kHalf);
  auto opt = std::make_unique<torch::optim::Adagrad>(std::vector<torch::Tensor>{w});
  w.to(torch::kFloat).sum().backward();
  opt->step();
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:3: warning: 'Adagrad::step' has no CPU kernel for float16 {{.*}} [torchdtype-half-on-cpu]
}

void rmsprop_over_a_list(bool momentum) {
  std::vector<torch::Tensor> params{torch::ones({4}, torch::kHalf)};
  torch::optim::RMSprop opt(params, torch::optim::RMSpropOptions(0.1).momentum(momentum ? 0.9 : 0.0));
  params[0].to(torch::kFloat).sum().backward();
  APPLY_STEP(opt);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:3: warning: 'RMSprop::step' has no CPU kernel for float16 {{.*}} [torchdtype-half-on-cpu]
}

void half_on_both_branches(bool large) {
  torch::nn::Embedding table(10, 4);
  if (large)
    table->to(torch::kHalf);
  else
    table->to(torch::kHalf);
  torch::optim::Adam opt(table->parameters());
  table->forward(torch::arange(3)).to(torch::kFloat).sum().backward();
  opt.step();
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:3: warning: 'Adam::step' has no CPU kernel for float16 {{.*}} [torchdtype-half-on-cpu]
}

void step_in_a_lambda() {
  torch::nn::Embedding table(10, 4);
  table->to(torch::kHalf);
  auto train = [&] {
    torch::optim::Adam opt(table->parameters());
    table->forward(torch::arange(3)).to(torch::kFloat).sum().backward();
    opt.step();
    // CHECK-MESSAGES-V113: :[[@LINE-1]]:5: warning: 'Adam::step' has no CPU kernel for float16 {{.*}} [torchdtype-half-on-cpu]
  };
  train();
}

template <typename Optimizer, typename Options>
void fit(torch::Dtype dtype) {
  auto w = torch::ones({4}, dtype);
  Optimizer opt(std::vector<torch::Tensor>{w}, Options(0.1));
  w.to(torch::kFloat).sum().backward();
  opt.step();
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:3: warning: 'Adam::step' has no CPU kernel for float16 {{.*}} [torchdtype-half-on-cpu]
}

void instantiations() {
  fit<torch::optim::Adam, torch::optim::AdamOptions>(torch::kFloat);
  fit<torch::optim::SGD, torch::optim::SGDOptions>(torch::kHalf);
  fit<torch::optim::Adam, torch::optim::AdamOptions>(torch::kHalf);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:3: note: in this call of 'fit{{.*}}'
}

void half_on_one_branch(bool small) {
  torch::nn::Embedding table(10, 4);
  if (small)
    table->to(torch::kHalf);
  torch::optim::Adam opt(table->parameters());
  table->forward(torch::arange(3)).to(torch::kFloat).sum().backward();
  opt.step();
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:3: warning: 'Adam::step' has no CPU kernel for float16 {{.*}} [torchdtype-half-on-cpu]
  // CHECK-MESSAGES-V113: :[[@LINE-6]]:7: note: assuming 'small' is true
}

// An optimizer member of a trainer, made from the module member's (or the
// constructor's argument's) parameters.
struct Trainer {
  torch::nn::Embedding model;
  torch::optim::Adam optimizer;
  explicit Trainer(torch::nn::Embedding m)
      : model(m), optimizer(m->parameters(), torch::optim::AdamOptions(1e-3)) {}
  void step(const torch::Tensor &ids) {
    optimizer.zero_grad();
    model(ids).to(torch::kFloat).sum().backward();
    optimizer.step();
    // CHECK-MESSAGES-V113: :[[@LINE-1]]:5: warning: 'Adam::step' has no CPU kernel for float16 {{.*}} [torchdtype-half-on-cpu]
  }
};

void train_half_tables() {
  torch::nn::Embedding table(10, 4);
  table->to(torch::kHalf);
  Trainer trainer(table);
  trainer.step(torch::arange(3));
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:11: note: in this call of 'step'
}

void train_float_tables() {
  torch::nn::Embedding table(10, 4);
  Trainer trainer(table);
  trainer.step(torch::arange(3));
}

// Negatives.

void sgd_runs_on_half() {
  auto w = torch::ones({4}, torch::kHalf);
  torch::optim::SGD opt(std::vector<torch::Tensor>{w}, torch::optim::SGDOptions(0.1).momentum(0.9));
  w.to(torch::kFloat).sum().backward();
  opt.step();
}

void adam_runs_on_bfloat16() {
  torch::nn::Embedding table(10, 4);
  table->to(torch::kBFloat16);
  torch::optim::Adam opt(table->parameters());
  table->forward(torch::arange(3)).to(torch::kFloat).sum().backward();
  opt.step();
}

void no_backward_no_gradients() {
  // step() skips parameters without a gradient.
  torch::nn::Embedding table(10, 4);
  table->to(torch::kHalf);
  torch::optim::Adam opt(table->parameters());
  opt.step();
}

void bfloat16_or_float(bool small) {
  torch::nn::Embedding table(10, 4);
  if (small)
    table->to(torch::kBFloat16);
  torch::optim::Adam opt(table->parameters());
  table->forward(torch::arange(3)).to(torch::kFloat).sum().backward();
  opt.step();
}

void float_again_before_the_step() {
  torch::nn::Embedding table(10, 4);
  table->to(torch::kHalf);
  torch::optim::Adam opt(table->parameters());
  table->to(torch::kFloat);
  table->forward(torch::arange(3)).sum().backward();
  opt.step();
}

void given_optimizer(torch::optim::Adam &opt, torch::Tensor loss) {
  // What the optimizer holds is not known here.
  loss.backward();
  opt.step();
}
