// scenario: a recommender's serving model keeps per-surface popularity trackers as registered buffers and counts impressions after moving to double
// tier: 4
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: index_add_(): self (Double) and source (Long) must have the same scalar type
#include <torch/torch.h>
#include <algorithm>
#include <cmath>
#include <iostream>
#include <string>
#include <vector>

namespace {

class PopularityTrackerImpl : public torch::nn::Module {
public:
  PopularityTrackerImpl(int64_t num_items, double half_life_hours) : decay_(std::exp2(-1.0 / half_life_hours)) {
    impressions_ = register_buffer("impressions", torch::zeros({num_items}, torch::kLong));
    decayed_dwell_ = register_buffer("decayed_dwell", torch::zeros({num_items}));
  }

  void observe(const torch::Tensor &item_ids, const torch::Tensor &dwell_seconds) {
    impressions_.index_add_(0, item_ids, torch::ones_like(item_ids)); // BUG
    decayed_dwell_.mul_(decay_).index_add_(0, item_ids, dwell_seconds.to(decayed_dwell_.dtype()));
  }

  torch::Tensor popularity() const {
    return decayed_dwell_ / (impressions_.to(decayed_dwell_.dtype()) + 1.0);
  }

private:
  double decay_;
  torch::Tensor impressions_, decayed_dwell_;
};
TORCH_MODULE(PopularityTracker);

class ServingModelImpl : public torch::nn::Module {
public:
  ServingModelImpl(int64_t num_items, const std::vector<std::string> &surfaces) : surfaces_(surfaces) {
    trackers_ = register_module("trackers", torch::nn::ModuleList());
    for (size_t i = 0; i < surfaces.size(); ++i) trackers_->push_back(PopularityTracker(num_items, 6.0));
    blend_ = register_module("blend", torch::nn::Linear(static_cast<int64_t>(surfaces.size()), 1));
  }

  PopularityTrackerImpl &tracker(const std::string &surface) {
    auto it = std::find(surfaces_.begin(), surfaces_.end(), surface);
    return *trackers_->ptr<PopularityTrackerImpl>(static_cast<size_t>(it - surfaces_.begin()));
  }

  torch::Tensor blendedPopularity() {
    std::vector<torch::Tensor> cols;
    for (const auto &s : surfaces_) cols.push_back(tracker(s).popularity());
    return blend_(torch::stack(cols, 1)).squeeze(1);
  }

private:
  std::vector<std::string> surfaces_;
  torch::nn::ModuleList trackers_{nullptr};
  torch::nn::Linear blend_{nullptr};
};
TORCH_MODULE(ServingModel);

} // namespace

int main() {
  ServingModel model(1000, std::vector<std::string>{"home", "search", "related"});
  model->to(torch::kFloat64); // scores are merged with the double-precision ranker

  for (const auto &child : model->named_children()) std::cout << "child " << child.key() << "\n";

  torch::NoGradGuard no_grad;
  auto ids = torch::tensor({5, 17, 17, 421});
  auto dwell = torch::tensor({3.5, 12.0, 1.0, 40.0});
  model->tracker("search").observe(ids, dwell);
  std::cout << "top item " << model->blendedPopularity().argmax().item<int64_t>() << "\n";
  return 0;
}
