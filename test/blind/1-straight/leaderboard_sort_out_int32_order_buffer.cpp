// scenario: a leaderboard refresh preallocates its (sorted scores, order) buffers as a structured-binding pair, with the order buffer in int32 to match the wire format, and sorts into them with sort_out
// tier: 1
// family: out-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Expected out tensor to have dtype long int, but got int instead
#include <torch/torch.h>
#include <iostream>
#include <string>
#include <utility>
#include <vector>

int main() {
  torch::manual_seed(47);
  const std::vector<std::string> names = {"ana", "bo", "cai", "dee", "eli", "fox", "gus", "hal"};
  const int64_t players = static_cast<int64_t>(names.size());
  std::vector<float> elo = {1510.f, 1622.f, 1488.f, 1705.f, 1550.f, 1599.f, 1430.f, 1661.f};
  torch::Tensor scores = torch::from_blob(elo.data(), {players}, torch::kFloat).clone();

  // Buffers are reused on every refresh; order goes out as int32 on the wire.
  auto [sorted_scores, order] = std::make_pair(torch::empty({players}),
                                               torch::empty({players}, torch::kInt32));

  // Today's matches: winners gain what losers drop, scaled by the expected score.
  torch::Tensor winners = torch::tensor({3, 1, 7, 5}, torch::kLong);
  torch::Tensor losers = torch::tensor({0, 4, 2, 6}, torch::kLong);
  torch::Tensor gap = scores.index_select(0, losers) - scores.index_select(0, winners);
  torch::Tensor expected = 1.0 / (1.0 + torch::pow(10.0, gap / 400.0));
  torch::Tensor delta = 32.0 * (1.0 - expected);
  scores.index_add_(0, winners, delta);
  scores.index_add_(0, losers, -delta);

  torch::sort_out(sorted_scores, order, scores, /*dim=*/0, /*descending=*/true); // BUG

  std::vector<int32_t> wire(order.data_ptr<int32_t>(), order.data_ptr<int32_t>() + players);
  for (size_t rank = 0; rank < 3; ++rank) {
    std::cout << rank + 1 << ". " << names[wire[rank]] << " " << sorted_scores[rank].item<float>() << "\n";
  }
  return 0;
}
