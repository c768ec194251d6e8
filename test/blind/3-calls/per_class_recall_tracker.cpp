// scenario: classifier training with per-class hit/total tallies kept as int64 and turned into recall for early stopping
// tier: 3
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: result type Float can't be cast to the desired output type Long
#include <torch/torch.h>
#include <iostream>

namespace {

constexpr int64_t kClasses = 3;
constexpr int kMaxEpochs = 10;
constexpr int kPatience = 2;

struct EpochStats {
  torch::Tensor hits = torch::zeros({kClasses}, torch::kLong);
  torch::Tensor totals = torch::zeros({kClasses}, torch::kLong);
  double loss_sum = 0.0;
  int64_t batches = 0;
};

void accumulate(EpochStats &stats, const torch::Tensor &logits,
                const torch::Tensor &targets, double loss) {
  auto preds = logits.argmax(1);
  stats.hits.index_add_(0, targets, preds.eq(targets).to(torch::kLong));
  stats.totals.index_add_(0, targets, torch::ones_like(targets));
  stats.loss_sum += loss;
  ++stats.batches;
}

torch::Tensor per_class_recall(EpochStats &stats) {
  return stats.hits.div_(stats.totals.clamp_min(1)); // BUG
}

EpochStats run_epoch(torch::nn::Sequential &model, torch::optim::Optimizer &opt,
                     const torch::Tensor &x, const torch::Tensor &y, bool train) {
  EpochStats stats;
  const int64_t batch = 40;
  for (int64_t start = 0; start < x.size(0); start += batch) {
    auto xb = x.narrow(0, start, std::min(batch, x.size(0) - start));
    auto yb = y.narrow(0, start, xb.size(0));
    auto logits = model->forward(xb);
    auto loss = torch::nn::functional::cross_entropy(logits, yb);
    if (train) {
      opt.zero_grad();
      loss.backward();
      opt.step();
    }
    accumulate(stats, logits.detach(), yb, loss.item<double>());
  }
  return stats;
}

} // namespace

int main() {
  torch::manual_seed(21);
  auto train_x = torch::randn({400, 6});
  auto train_y = (train_x.narrow(1, 0, 1).squeeze(1) > 0).to(torch::kLong) +
                 (train_x.narrow(1, 1, 1).squeeze(1) > 1).to(torch::kLong);
  auto val_x = torch::randn({120, 6});
  auto val_y = (val_x.narrow(1, 0, 1).squeeze(1) > 0).to(torch::kLong) +
               (val_x.narrow(1, 1, 1).squeeze(1) > 1).to(torch::kLong);

  torch::nn::Sequential model(torch::nn::Linear(6, 24), torch::nn::ReLU(),
                              torch::nn::Linear(24, kClasses));
  torch::optim::SGD optimizer(model->parameters(), torch::optim::SGDOptions(0.1));

  double best_macro_recall = 0.0;
  int stale = 0;
  for (int epoch = 0; epoch < kMaxEpochs; ++epoch) {
    model->train();
    auto train_stats = run_epoch(model, optimizer, train_x, train_y, true);
    model->eval();
    torch::NoGradGuard no_grad;
    auto val_stats = run_epoch(model, optimizer, val_x, val_y, false);

    auto recall = per_class_recall(val_stats);
    const double macro = recall.mean().item<double>();
    std::cout << "epoch " << epoch << " train loss "
              << train_stats.loss_sum / train_stats.batches << " macro recall " << macro
              << "\n";
    if (macro > best_macro_recall + 1e-3) {
      best_macro_recall = macro;
      stale = 0;
    } else if (++stale >= kPatience) {
      break;
    }
  }
  return 0;
}
