// Real-header tier: tensors in the fields of plain structs, returned by
// helpers and read by callees.
#include <torch/torch.h>

struct DenseParams {
  torch::Tensor weight;
  torch::Tensor bias;
};

struct EvalBatch {
  torch::Tensor features;
  torch::Tensor labels;
};

DenseParams init_dense(int64_t in, int64_t out) {
  DenseParams p;
  p.weight = torch::empty({out, in}).uniform_(-0.1, 0.1);
  p.bias = torch::rand({out}, torch::kDouble) * 0.2 - 0.1;
  return p;
}

torch::Tensor dense(const torch::Tensor &x, const DenseParams &p) {
  return torch::addmm(p.bias, x, p.weight.t());
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'addmm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
}

EvalBatch make_eval_batch(int64_t n) {
  auto x = torch::randn({n, 4});
  return {x, (x.sum(1) > 0).to(torch::kLong)};
}

void run() {
  auto layer = init_dense(10, 3);
  auto y = dense(torch::randn({4, 10}), layer);
  auto batch = make_eval_batch(8);
  auto probs = torch::sigmoid(batch.features.sum(1));
  auto loss = torch::nn::functional::binary_cross_entropy(probs, batch.labels);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'binary_cross_entropy' gets an input of dtype Float and a target of dtype Long; {{.*}} [torchdtype-loss-target-dtype]
  auto ok = torch::nn::functional::binary_cross_entropy(
      probs, batch.labels.to(torch::kFloat));
}
