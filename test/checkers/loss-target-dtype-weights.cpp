// RUN: %check_clang_tidy %s torchdtype-loss-target-dtype,torchdtype-device-mismatch %t
// Class weights a loss's options give it (`F::CrossEntropyFuncOptions()
// .weight(w)`, through an options variable nothing changes): with class
// indices as the target, nll_loss and cross_entropy read them as the
// input's dtype and throw for another (observed on 1.13.1: 'expected scalar
// type Float but found Double', runtime case
// cross_entropy_f64_class_weights_throws); with probabilities as the target
// cross_entropy promotes and runs; binary_cross_entropy promotes its
// weights. Their CUDA kernels check that input, target and weights share a
// device (1.13.1's source).
#include <torch/torch.h>

namespace F = torch::nn::functional;

torch::Tensor inverse_frequency(const torch::Tensor &counts) {
  auto c = counts.to(torch::kDouble);
  return c.sum() / c;
}

// ---- Positives ------------------------------------------------------------

void double_weights_inline() {
  auto logits = torch::randn({8, 4});
  auto y = torch::randint(0, 4, {8});
  auto w = torch::ones({4}, torch::kDouble);
  auto loss = F::cross_entropy(logits, y, F::CrossEntropyFuncOptions().weight(w));
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'cross_entropy' gets class weights of dtype Double for an input of dtype Float; this throws at run time{{.*}} [kb: pytorch/scalar-type-mismatch] [torchdtype-loss-target-dtype]
  // CHECK-MESSAGES: :[[@LINE-3]]:29: note: weights 'w' have dtype Double from here
}

void weights_through_an_options_variable_and_a_helper() {
  auto logits = torch::randn({8, 4});
  auto y = torch::randint(0, 4, {8});
  auto opts = F::CrossEntropyFuncOptions().weight(inverse_frequency(torch::ones({4})));
  auto loss = F::cross_entropy(logits, y, opts);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'cross_entropy' gets class weights of dtype Double for an input of dtype Float{{.*}} [torchdtype-loss-target-dtype]
}

void nll_loss_half_weights(bool balanced) {
  auto logp = torch::randn({8, 4}).log_softmax(1);
  auto y = torch::randint(0, 4, {8});
  auto w = torch::ones({4});
  if (balanced)
    w = w.to(torch::kHalf);
  auto loss = F::nll_loss(logp, y, F::NLLLossFuncOptions().weight(w));
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'nll_loss' gets class weights of dtype Half for an input of dtype Float{{.*}} [torchdtype-loss-target-dtype]
  // CHECK-MESSAGES: :[[@LINE-4]]:7: note: assuming 'balanced' is true
}

void per_epoch_in_a_loop_and_a_lambda() {
  auto w = torch::ones({4}, torch::kDouble);
  auto step = [&](const torch::Tensor &x, const torch::Tensor &y) {
    return F::cross_entropy(x, y, F::CrossEntropyFuncOptions().weight(w));
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'cross_entropy' gets class weights of dtype Double for an input of dtype Float{{.*}} [torchdtype-loss-target-dtype]
  };
  for (int epoch = 0; epoch < 3; ++epoch)
    step(torch::randn({8, 4}), torch::randint(0, 4, {8}));
}

template <typename W>
torch::Tensor weighted(const torch::Tensor &x, const torch::Tensor &y, const W &w) {
  return F::cross_entropy(x, y, F::CrossEntropyFuncOptions().weight(w));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'cross_entropy' gets class weights of dtype Double for an input of dtype Float{{.*}} [torchdtype-loss-target-dtype]
}

void through_a_template() {
  weighted(torch::randn({8, 4}), torch::randint(0, 4, {8}), torch::ones({4}, torch::kDouble));
  weighted(torch::randn({8, 4}), torch::randint(0, 4, {8}), torch::ones({4}));
}

#define CE_WEIGHTED(x, y, w) F::cross_entropy((x), (y), F::CrossEntropyFuncOptions().weight(w))
void through_a_macro() {
  auto w = torch::ones({4}, torch::kDouble);
  auto loss = CE_WEIGHTED(torch::randn({8, 4}), torch::randint(0, 4, {8}), w);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'cross_entropy' gets class weights of dtype Double{{.*}} [torchdtype-loss-target-dtype]
}

void cpu_weights_for_cuda_logits() {
  auto dev = torch::Device(torch::kCUDA);
  auto logits = torch::randn({8, 4}, torch::device(dev));
  auto y = torch::randint(0, 4, {8}, torch::device(dev).dtype(torch::kLong));
  auto w = torch::ones({4});
  auto loss = F::cross_entropy(logits, y, F::CrossEntropyFuncOptions().weight(w));
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'cross_entropy' gets operands on different devices (cuda and cpu); this throws at run time{{.*}} [torchdtype-device-mismatch]
}

// ---- Negatives ------------------------------------------------------------

void weights_converted_negative() {
  auto logits = torch::randn({8, 4});
  auto y = torch::randint(0, 4, {8});
  auto w = inverse_frequency(torch::ones({4})).to(logits.scalar_type());
  auto loss = F::cross_entropy(logits, y, F::CrossEntropyFuncOptions().weight(w));
  auto l2 = F::cross_entropy(logits.to(torch::kDouble), y,
                             F::CrossEntropyFuncOptions().weight(inverse_frequency(torch::ones({4}))));
}

void probabilities_target_promotes_negative() {
  auto logits = torch::randn({8, 4});
  auto probs = torch::softmax(torch::randn({8, 4}), 1);
  auto w = torch::ones({4}, torch::kDouble);
  auto loss = F::cross_entropy(logits, probs, F::CrossEntropyFuncOptions().weight(w));
}

void bce_promotes_weights_negative() {
  auto p = torch::sigmoid(torch::randn({8, 4}));
  auto t = torch::rand({8, 4});
  auto loss = F::binary_cross_entropy(p, t, F::BinaryCrossEntropyFuncOptions().weight(torch::ones({8, 4}, torch::kDouble)));
}

void options_changed_later_negative(const torch::Tensor &fixed) {
  auto logits = torch::randn({8, 4});
  auto y = torch::randint(0, 4, {8});
  auto opts = F::CrossEntropyFuncOptions().weight(torch::ones({4}, torch::kDouble));
  opts = F::CrossEntropyFuncOptions().weight(fixed);
  auto loss = F::cross_entropy(logits, y, opts);
}

void weights_on_the_device_negative() {
  auto dev = torch::Device(torch::kCUDA);
  auto logits = torch::randn({8, 4}, torch::device(dev));
  auto y = torch::randint(0, 4, {8}, torch::device(dev).dtype(torch::kLong));
  auto w = torch::ones({4}, torch::device(dev));
  auto loss = F::cross_entropy(logits, y, F::CrossEntropyFuncOptions().weight(w));
}
