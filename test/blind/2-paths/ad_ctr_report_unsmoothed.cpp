// scenario: aggregates impression and click counts over log shards, then divides the int64 click counts in place when smoothing is off
// tier: 2
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: result type Float can't be cast to the desired output type Long
#include <torch/torch.h>

#include <cstdint>
#include <iostream>
#include <string>
#include <vector>

struct LogShard {
  std::vector<int64_t> viewedAds;
  std::vector<int64_t> clickedAds;
};

struct ReportConfig {
  double priorClicks = 1.0;
  double priorViews = 20.0;
  bool smoothed = false; // finance wants raw ratios by default
  int64_t minImpressions = 2;
};

int main(int argc, char **argv) {
  const int64_t kNumAds = 6;
  std::vector<LogShard> shards = {
      {{0, 1, 1, 2, 3, 3, 3, 5}, {1, 3}},
      {{0, 0, 2, 2, 4, 5, 5, 5}, {0, 5, 5}},
      {{1, 3, 3, 4, 4, 4}, {3, 4}},
  };

  ReportConfig config;
  // The dashboard job passes --smooth to shrink small ads towards the prior.
  for (int i = 1; i < argc; ++i)
    if (std::string(argv[i]) == "--smooth")
      config.smoothed = true;

  torch::Tensor impressions = torch::zeros({kNumAds}, torch::kLong);
  torch::Tensor clicks = torch::zeros({kNumAds}, torch::kLong);
  for (const LogShard &shard : shards) {
    if (shard.viewedAds.empty())
      continue;
    impressions += torch::bincount(torch::tensor(shard.viewedAds), {}, kNumAds);
    if (!shard.clickedAds.empty())
      clicks += torch::bincount(torch::tensor(shard.clickedAds), {}, kNumAds);
  }

  torch::Tensor ctr;
  if (config.smoothed) {
    ctr = (clicks.to(torch::kFloat) + config.priorClicks) /
          (impressions.to(torch::kFloat) + config.priorViews);
  } else {
    ctr = clicks.clone();
    ctr.div_(impressions.clamp_min(1)); // BUG
  }

  torch::Tensor eligible = impressions >= config.minImpressions;
  torch::Tensor ranked = std::get<1>(ctr.masked_fill(~eligible, -1.0).sort(0, true));
  for (int64_t i = 0; i < kNumAds; ++i) {
    int64_t ad = ranked[i].item<int64_t>();
    std::cout << "ad " << ad << " views " << impressions[ad].item<int64_t>() << " ctr "
              << ctr[ad].item<double>() << "\n";
  }
  return 0;
}
