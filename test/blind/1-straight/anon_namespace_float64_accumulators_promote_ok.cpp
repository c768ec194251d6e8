// scenario: an evaluation summary keeps float64 accumulators declared in an anonymous namespace and mixes them with float32 batch results only through promoting ops (add, cat, where) or after an explicit cast for mm
// tier: 1
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

namespace {

constexpr auto kAccumDtype = torch::kFloat64;
constexpr int64_t kBatches = 4;
constexpr int64_t kClasses = 3;

} // namespace

int main() {
  torch::manual_seed(127);
  torch::Tensor loss_total = torch::zeros({}, kAccumDtype);
  torch::Tensor confusion = torch::zeros({kClasses, kClasses}, kAccumDtype);
  torch::Tensor history = torch::empty({0}, kAccumDtype);

  torch::Tensor logits = torch::randn({kBatches * 5, kClasses});
  torch::Tensor labels = torch::randint(0, kClasses, {kBatches * 5}, torch::kLong);
  torch::Tensor probs = torch::softmax(logits, -1);                 // float32
  torch::Tensor losses = -torch::log(probs.gather(1, labels.unsqueeze(1))).squeeze(1);

  loss_total = loss_total + losses.sum();                            // float64 + float32
  history = torch::cat({history, losses});                           // promotes to float64
  torch::Tensor clipped = torch::where(losses > 3.0, torch::full({}, 3.0, kAccumDtype), losses);
  torch::Tensor onehot = torch::one_hot(labels, kClasses).to(kAccumDtype);
  confusion += torch::mm(onehot.t(), probs.to(kAccumDtype));       // both float64

  torch::Tensor per_class_loss = torch::zeros({kClasses}, kAccumDtype);
  per_class_loss.index_add_(0, labels, losses.to(kAccumDtype));     // source cast to self's dtype
  torch::Tensor per_class_count = torch::bincount(labels, {}, kClasses);
  torch::Tensor per_class_mean = per_class_loss / per_class_count.clamp_min(1);

  std::cout << "mean loss " << (loss_total / history.size(0)).item<double>() << "\n"
            << "clipped max " << clipped.max().item<double>() << " (" << clipped.dtype() << ")\n"
            << "per-class mean loss " << per_class_mean << "\n"
            << "confusion\n" << confusion << "\n";
  return 0;
}
