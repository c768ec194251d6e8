// scenario: validation loop with running accuracy, loss mean and confusion counts; the weighted path keeps its own float matrix
// tier: 2
// family: inplace-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>

#include <algorithm>
#include <iostream>
#include <vector>

namespace {

constexpr int64_t kClasses = 3;
constexpr int64_t kDim = 8;

struct Batch {
  torch::Tensor inputs;
  torch::Tensor targets;        // int64, or int32 for batches from the legacy shard
  c10::optional<torch::Tensor> weights;
};

std::vector<Batch> makeBatches(int n) {
  std::vector<Batch> out;
  for (int i = 0; i < n; ++i) {
    Batch b;
    b.targets = torch::randint(0, kClasses, {10}, torch::kLong);
    b.inputs = torch::randn({10, kDim}) + b.targets.unsqueeze(1).to(torch::kFloat);
    if (i % 3 == 2)
      b.targets = b.targets.to(torch::kInt); // legacy shard wrote int32 labels
    if (i % 2 == 1)
      b.weights = torch::rand({10}) + 0.5;
    out.push_back(b);
  }
  return out;
}

} // namespace

int main() {
  torch::manual_seed(8);
  torch::nn::Linear model(kDim, kClasses);
  model->eval();
  torch::NoGradGuard no_grad;

  torch::Tensor correct = torch::zeros({}, torch::kLong);
  torch::Tensor top2_correct = torch::zeros({}, torch::kLong);
  torch::Tensor seen = torch::zeros({}, torch::kLong);
  torch::Tensor loss_sum = torch::zeros({}, torch::kFloat);
  torch::Tensor weight_sum = torch::zeros({}, torch::kFloat);
  torch::Tensor confusion = torch::zeros({kClasses, kClasses}, torch::kLong);
  torch::Tensor weighted_confusion = torch::zeros({kClasses, kClasses}, torch::kFloat);

  for (const Batch &b : makeBatches(7)) {
    torch::Tensor logits = model->forward(b.inputs);
    torch::Tensor target = b.targets;
    if (target.scalar_type() != torch::kLong)
      target = target.to(torch::kLong);

    torch::Tensor per_sample = torch::cross_entropy_loss(logits, target, {}, at::Reduction::None);
    torch::Tensor pred = logits.argmax(1);
    torch::Tensor top2 = std::get<1>(logits.topk(2, 1));

    correct += pred.eq(b.targets).sum();                  // Long += Long
    top2_correct += top2.eq(target.unsqueeze(1)).any(1).sum();
    seen += target.size(0);
    loss_sum += per_sample.sum();
    confusion.index_put_({target, pred}, torch::ones_like(target), /*accumulate=*/true);

    if (b.weights) {
      const torch::Tensor &w = *b.weights;
      weight_sum += w.sum();
      weighted_confusion.index_put_({target, pred}, w, /*accumulate=*/true);
    } else {
      weight_sum += static_cast<double>(target.size(0));
      weighted_confusion.index_put_({target, pred}, torch::ones({target.size(0)}), true);
    }
  }

  double accuracy = correct.item<int64_t>() / static_cast<double>(seen.item<int64_t>());
  double top2_acc = top2_correct.to(torch::kDouble).div(seen).item<double>();
  double mean_loss = (loss_sum / seen).item<double>();
  torch::Tensor per_class_recall =
      weighted_confusion.diagonal() / weighted_confusion.sum(1).clamp_min(1e-6);

  std::cout << "acc " << accuracy << " top2 " << top2_acc << " loss " << mean_loss
            << " weight " << weight_sum.item<float>() << "\n"
            << "confusion\n" << confusion << "\nrecall " << per_class_recall << "\n";
  return confusion.sum().item<int64_t>() == seen.item<int64_t>() ? 0 : 1;
}
