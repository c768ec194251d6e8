// scenario: builds per-class click histograms in a map of counters, one of them weighted by dwell time
// tier: 1
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: index_add_(): self (Long) and source (Float) must have the same scalar type
#include <torch/torch.h>
#include <iostream>
#include <map>
#include <string>

int main() {
  torch::manual_seed(3);
  const int64_t num_classes = 12;
  const int64_t num_events = 500;

  // One counter per statistic, all kept as exact integer counts so that the
  // dashboard can sum them across shards.
  std::map<std::string, torch::Tensor> counters;
  counters["impressions"] = torch::zeros({num_classes}, torch::kLong);
  counters["clicks"] = torch::zeros({num_classes}, torch::kLong);
  counters["dwell_weighted"] = torch::zeros({num_classes}, torch::kLong);

  auto labels = torch::randint(0, num_classes, {num_events}, torch::kLong);
  auto clicked = torch::rand({num_events}).lt(0.2);
  auto dwell_seconds = torch::rand({num_events}) * 30.0;

  auto ones = torch::ones({num_events}, torch::kLong);
  counters["impressions"].index_add_(0, labels, ones);

  auto click_labels = labels.masked_select(clicked);
  counters.at("clicks").index_add_(0, click_labels,
                                   torch::ones_like(click_labels));

  // Dwell time is a float signal; the counter it lands in is integral.
  auto dwell_clicked = dwell_seconds.masked_select(clicked);
  counters.at("dwell_weighted").index_add_(0, click_labels, dwell_clicked); // BUG

  for (const auto& kv : counters) {
    std::cout << kv.first << ": " << kv.second.sum().item<int64_t>() << "\n";
  }
  auto ctr = counters["clicks"].to(torch::kFloat) /
             counters["impressions"].clamp_min(1).to(torch::kFloat);
  std::cout << "best class: " << ctr.argmax().item<int64_t>() << "\n";
  return 0;
}
